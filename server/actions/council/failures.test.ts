// What goes wrong at a round table, on a real database: bad replies re-asked once then emptied, missed deadlines,
// a table that falls below quorum and escalates, races for one seat's answer, and a facilitator who never answers.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testDatabase, type TestDatabase } from "../../testing/db";
import { answerRound, confirmStep, councilMinutes, councilState, recordRuling, setAxes } from "./index";
import {
  agentOf,
  agentSeat,
  convened,
  MIN,
  modelSeat,
  models,
  people,
  personSeat,
  steady,
  T0,
  table,
} from "./testing";

let db: TestDatabase;
beforeAll(async () => {
  db = await testDatabase();
});
afterAll(async () => db?.drop());

const view = async (who: Parameters<typeof councilState>[1], id: number, now = T0) => {
  const s = await councilState(db.prisma, who, { id }, now);
  if (!s.ok) throw new Error(s.message);
  return s.value;
};

describe("bad replies", () => {
  it("a scripted soul's malformed reply is re-asked once; a second bad one empties the seat and the minutes say so", async () => {
    const { fac } = await people(db, "b1", ["fac"]);
    const id = await convened(
      db,
      fac,
      table([
        modelSeat("chatty", { 1: ["Sure! I think we should ship.", steady("ship", 6, "off")[1]] }),
        modelSeat("offside", {
          1: [{ ...steady("ship", 6, "x")[1], position: "launch" }, "no json here either"],
        }),
        modelSeat("steady", steady("hold", 6, "chatty")),
        modelSeat("calm", steady("hold", 7, "chatty")),
      ]),
    );
    await models(db, id);
    const s = await view(fac, id);
    expect(s.seats.map((x) => [x.name, x.status, x.emptiedReason])).toEqual([
      ["chatty", "live", null],
      ["offside", "emptied", "a malformed or off-option reply 2 times in round 1"],
      ["steady", "live", null],
      ["calm", "live", null],
    ]);
    expect(s.failures.map((f) => [f.name, f.round, f.attempt, f.problem])).toEqual([
      ["chatty", 1, 1, "The reply holds no JSON object: answer with one JSON object and nothing else."],
      ["offside", 1, 1, expect.stringContaining("position must be one of: ship, hold, split")],
      ["offside", 1, 2, "The reply holds no JSON object: answer with one JSON object and nothing else."],
    ]);
    expect(s.calls.filter((c) => c.round === 1).map((c) => [c.name, c.attempt, c.ok])).toEqual([
      ["chatty", 1, true],
      ["offside", 1, true],
      ["steady", 1, true],
      ["calm", 1, true],
      ["chatty", 2, true],
      ["offside", 2, true],
    ]);
    // The last answer of round 1 opened round 2, and the same run went on asking.
    expect(s.rounds[0]).toMatchObject({ open: false, closedBecause: "all answered" });
    expect(s.rounds[1]?.answered).toEqual(["chatty", "steady", "calm"]);
    const md = await councilMinutes(db.prisma, fac, { id }, T0);
    expect(md.ok && md.value.markdown).toContain(
      "- the offside lens — round 1: a malformed or off-option reply 2 times in round 1",
    );
    expect(md.ok && md.value.markdown).toContain(
      "- the chatty lens, attempt 1: The reply holds no JSON object",
    );
  });

  it("a person's bad reply is refused with the reason and one more chance; the second empties the seat", async () => {
    const { fac, pat } = await people(db, "b2", ["fac", "pat"]);
    const id = await convened(
      db,
      fac,
      table([personSeat("finance", pat.name), modelSeat("a"), modelSeat("b"), modelSeat("c")]),
    );
    const bad = { ...steady("ship", 6, "a")[1], confidence_now: 11 };
    const first = await answerRound(db.prisma, pat, { councilId: id, reply: bad }, T0);
    expect(first).toMatchObject({ ok: false, code: "invalid" });
    expect(!first.ok && first.message).toBe(
      "The round 1 reply is not valid: confidence_now must be a whole number from 1 to 10. Answer once more: a second bad reply empties the seat.",
    );
    expect((await view(pat, id)).yourRound).toMatchObject({
      attempt: 2,
      lastProblem: expect.stringContaining("confidence_now"),
    });
    const second = await answerRound(db.prisma, pat, { councilId: id, reply: { position: "ship" } }, T0);
    expect(!second.ok && second.message).toContain(
      "That was the second bad reply in round 1, so the seat is now emptied.",
    );
    const third = await answerRound(db.prisma, pat, { councilId: id, reply: steady("ship", 6, "a")[1] }, T0);
    expect(third).toMatchObject({
      code: "conflict",
      message: expect.stringContaining("Your seat was emptied"),
    });
    expect((await view(pat, id)).may.answer).toBe(
      "Your seat was emptied: a malformed or off-option reply 2 times in round 1.",
    );
  });
});

describe("the clock", () => {
  it("a seat that misses the deadline is emptied on read; the round closes without it", async () => {
    const { fac, pat } = await people(db, "d1", ["fac", "pat"]);
    const id = await convened(
      db,
      fac,
      table(
        [
          personSeat("late", pat.name),
          modelSeat("a", steady("ship", 6, "b")),
          modelSeat("b", steady("ship", 6, "a")),
          modelSeat("c", steady("hold", 6, "a")),
        ],
        { round_deadline_ms: 10 * MIN },
      ),
    );
    await models(db, id);
    expect((await view(fac, id, T0 + 10 * MIN - 1)).phase).toMatchObject({
      kind: "round",
      round: 1,
      waiting: ["late"],
    });
    const s = await view(fac, id, T0 + 10 * MIN);
    expect(s.seats[0]).toMatchObject({
      status: "emptied",
      emptiedRound: 1,
      emptiedReason: "missed the round 1 deadline",
    });
    expect(s.rounds[0]).toMatchObject({ open: false, closedBecause: "deadline" });
    expect(s.phase).toMatchObject({ kind: "round", round: 2 });
    const late = await answerRound(
      db.prisma,
      pat,
      { councilId: id, reply: steady("ship", 6, "a")[1] },
      T0 + 11 * MIN,
    );
    expect(late).toMatchObject({ code: "conflict" });
  });

  it("below quorum the table escalates; the facilitator records the human ruling beside the result, once", async () => {
    const { fac, pat, kim, other } = await people(db, "d2", ["fac", "pat", "kim", "other"]);
    const id = await convened(
      db,
      fac,
      table([personSeat("p", pat.name), personSeat("k", kim.name), modelSeat("m", steady("ship", 6, "p"))], {
        round_deadline_ms: 5 * MIN,
      }),
    );
    await models(db, id);
    await answerRound(db.prisma, pat, { councilId: id, reply: steady("ship", 6, "m")[1] }, T0);
    const s = await view(other, id, T0 + 5 * MIN);
    expect(s.phase).toEqual({ kind: "finished", verdict: "ESCALATE" });
    expect(s.result).toMatchObject({
      kind: "escalated",
      afterRound: 1,
      lines: ["ESCALATE: fewer than 3 live seats — the human decides"],
    });
    expect(s.rounds[0]).toMatchObject({ closedBecause: "deadline" });
    expect(s.may.ruling).toBe("Only the facilitator records the human ruling.");
    const body = { choice: "hold", reason: "Two voices are not a table; we wait for the full team." };
    expect(await recordRuling(db.prisma, other, { councilId: id, ...body }, T0)).toMatchObject({
      code: "forbidden",
    });
    expect(await recordRuling(db.prisma, fac, { councilId: id, ...body, choice: "maybe" }, T0)).toMatchObject(
      {
        code: "invalid",
        message: 'Choose one of ship, hold, split, or "no decision".',
      },
    );
    expect(await recordRuling(db.prisma, fac, { councilId: id, ...body }, T0 + 6 * MIN)).toEqual({
      ok: true,
      value: { choice: "hold" },
    });
    expect(
      await recordRuling(db.prisma, fac, { councilId: id, choice: "no decision", reason: "again" }, T0),
    ).toMatchObject({
      code: "conflict",
    });
    const after = await view(other, id, T0 + 6 * MIN);
    expect(after.ruling).toMatchObject({ choice: "hold", by: fac.name });
    expect(after.result?.kind).toBe("escalated");
    const md = await councilMinutes(db.prisma, other, { id }, T0 + 6 * MIN);
    expect(md.ok && md.value.markdown).toContain(`${fac.name} ruled **hold**`);
    expect(md.ok && md.value.markdown).toContain("ESCALATE: fewer than 3 live seats — the human decides");
  });
});

describe("the inspector's questions", () => {
  it("SKIP-ROUND-3 waits for the facilitator; yes goes straight to the vote", async () => {
    const { fac, pat } = await people(db, "i1", ["fac", "pat"]);
    const same = (pos: string, c: number, t: string) => steady(pos, c, t, "no change");
    const id = await convened(
      db,
      fac,
      table([
        modelSeat("a", same("ship", 6, "b")),
        modelSeat("b", same("hold", 6, "a")),
        modelSeat("c", same("ship", 7, "a")),
      ]),
    );
    await models(db, id);
    await models(db, id);
    let s = await view(fac, id);
    expect(s.phase).toMatchObject({ kind: "confirm", afterRound: 2, verdict: "SKIP-ROUND-3" });
    expect(s.may.confirm).toBe(true);
    expect(await confirmStep(db.prisma, pat, { councilId: id, confirm: true }, T0)).toMatchObject({
      code: "forbidden",
    });
    expect(
      await confirmStep(db.prisma, fac, { councilId: id, confirm: true, after_round: 3 }, T0),
    ).toMatchObject({
      code: "conflict",
    });
    expect(await confirmStep(db.prisma, fac, { councilId: id, confirm: true }, T0 + MIN)).toEqual({
      ok: true,
      value: { afterRound: 2, confirmed: true },
    });
    s = await view(fac, id, T0 + MIN);
    expect(s.phase).toMatchObject({ kind: "round", round: 4 });
    expect(s.verdicts[0]).toMatchObject({ confirmed: true, confirmedBy: fac.name });
    expect(await confirmStep(db.prisma, fac, { councilId: id, confirm: false }, T0)).toMatchObject({
      code: "conflict",
    });
  });

  it("EXPERT-DEFERENCE unanswered by the deadline means no: round 3 runs, on the engine's drafted axes", async () => {
    const { fac } = await people(db, "i2", ["fac"]);
    const id = await convened(
      db,
      fac,
      table(
        [
          modelSeat("sure", steady("ship", 10, "b")),
          modelSeat("b", steady("hold", 3, "sure")),
          modelSeat("c", steady("split", 2, "b")),
        ],
        {
          round_deadline_ms: 10 * MIN,
        },
      ),
    );
    await models(db, id);
    await models(db, id);
    expect((await view(fac, id)).phase).toMatchObject({ kind: "confirm", verdict: "EXPERT-DEFERENCE" });
    const s = await view(fac, id, T0 + 10 * MIN);
    expect(s.verdicts[0]).toMatchObject({ verdict: "EXPERT-DEFERENCE", confirmed: false, confirmedBy: null });
    expect(s.phase).toMatchObject({ kind: "axes" });
    const later = await view(fac, id, T0 + 20 * MIN);
    expect(later.axes).toEqual(s.draftAxes);
    expect(later.phase).toMatchObject({ kind: "round", round: 3 });
    const md = await councilMinutes(db.prisma, fac, { id }, T0 + 20 * MIN);
    expect(md.ok && md.value.markdown).toContain("nobody answered before the deadline, so the answer was no");
    expect(await setAxes(db.prisma, fac, { councilId: id, accept_draft: true }, T0 + 20 * MIN)).toMatchObject(
      {
        code: "conflict",
      },
    );
  });
});

describe("races", () => {
  it("two answers for one seat and round at once: exactly one lands, the other is told", async () => {
    const { fac, own } = await people(db, "r1", ["fac", "own"]);
    const scout = await agentOf(db, own, "racer");
    const id = await convened(
      db,
      fac,
      table([agentSeat("scout", scout.who.agentId), modelSeat("a"), modelSeat("b")]),
    );
    const replies = [steady("ship", 6, "a")[1], steady("hold", 3, "b")[1], steady("split", 8, "a")[1]];
    const results = await Promise.all(
      replies.map((reply) => answerRound(db.prisma, scout.who, { councilId: id, reply }, T0)),
    );
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    expect(results.filter((r) => !r.ok).map((r) => !r.ok && r.code)).toEqual(["conflict", "conflict"]);
    expect(await db.prisma.councilAnswer.count({ where: { councilId: id } })).toBe(1);
  });

  it("two processes asking the model seats at once ask each seat once", async () => {
    const { fac } = await people(db, "r2", ["fac"]);
    const id = await convened(
      db,
      fac,
      table([modelSeat("a"), modelSeat("b"), modelSeat("c"), modelSeat("d")]),
    );
    const calls = await Promise.all([models(db, id), models(db, id), models(db, id)]);
    expect(calls.reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(4);
    const per = await db.prisma.modelCall.groupBy({
      by: ["seatId", "round"],
      where: { councilId: id },
      _count: true,
    });
    expect(per.every((p) => p._count === 1)).toBe(true);
    const answers = await db.prisma.councilAnswer.groupBy({
      by: ["seatId", "round"],
      where: { councilId: id },
      _count: true,
    });
    expect(answers.every((p) => p._count === 1)).toBe(true);
  });
});
