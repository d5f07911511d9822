// A round table played through the actions on a real database: convened, four rounds answered by a person, an
// agent and scripted souls, the inspector, the axes, the vote — and the refusals of every step along the way.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { councilCli } from "../../doors/cli/council";
import { ANON } from "../../identity";
import { testDatabase, type TestDatabase } from "../../testing/db";
import { runOperation } from "../../testing/operation";
import { OPERATIONS } from "../../operations";
import {
  answerRound,
  convene,
  councilMinutes,
  councilState,
  exportState,
  listCouncils,
  listDecisions,
  recordRuling,
  setAxes,
  waitForRound,
} from "./index";
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
  type Person,
} from "./testing";
import { fixedClock } from "../../clock";
const clock = fixedClock(T0);

let db: TestDatabase;
beforeAll(async () => {
  db = await testDatabase();
});
afterAll(async () => db?.drop());

const answer = (
  who: Parameters<typeof answerRound>[1],
  id: number,
  reply: unknown,
  now = T0,
  round?: number,
) => runOperation(db.prisma, OPERATIONS.councils.answer, who, { councilId: id, reply, round }, now);

const state = async (who: Parameters<typeof councilState>[1], id: number, now = T0) => {
  const s = await councilState(db.prisma, who, { id }, now);
  if (!s.ok) throw new Error(s.message);
  return s.value;
};

describe("convening", () => {
  it("refuses a guest, and names what is wrong with a table before anything is written", async () => {
    const { fac, pat } = await people(db, "c1", ["fac", "pat"]);
    const seats = [personSeat("finance", pat.name), modelSeat("brand"), modelSeat("legal")];
    expect(await convene(db.prisma, ANON, table(seats), T0)).toMatchObject({
      ok: false,
      code: "signin_required",
    });
    const refusals: [unknown, string][] = [
      [table(seats.slice(0, 2)), "seat at least 3 souls"],
      [table(seats, { options: ["ship"] }), "give at least 2 options"],
      [table(seats, { options: ["ship", "ship"] }), "The options must be distinct."],
      [table(seats, { options: ["Ship It", "hold"] }), "short slugs"],
      [table([...seats.slice(0, 2), modelSeat("Finance")]), "Each seat needs its own name."],
      [
        table([{ ...modelSeat("x"), provider: "anthropic" as const }, ...seats.slice(1)]),
        "ANTHROPIC_API_KEY",
      ],
      [
        table([
          { ...modelSeat("x"), provider: "openai-compatible" as const, base_url: "http://10.0.0.1:8080/v1" },
          ...seats.slice(1),
        ]),
        "PARLEY_MODEL_BASE_URLS",
      ],
      [
        table([{ ...personSeat("h", pat.name), soul: "two\nlines" }, ...seats.slice(1)]),
        "a habit is one line",
      ],
      [
        table([personSeat("finance", pat.name), personSeat("again", pat.name), modelSeat("legal")]),
        "one identity",
      ],
    ];
    for (const [input, sentence] of refusals) {
      const r = await convene(db.prisma, fac, input, T0);
      expect(r, sentence).toMatchObject({ ok: false, code: "invalid" });
      expect(!r.ok && r.message).toContain(sentence);
    }
    expect((await listCouncils(db.prisma, fac, T0)).ok && (await db.prisma.council.count())).toBe(0);
  });
});

describe("a whole table: a person, an agent and scripted souls, round 1 to the count", () => {
  let fac: Person, pat: Person, own: Person, outsider: Person;
  let id = 0;
  let scout: Awaited<ReturnType<typeof agentOf>>;

  beforeAll(async () => {
    ({ fac, pat, own, outsider } = await people(db, "w", ["fac", "pat", "own", "outsider"]));
    scout = await agentOf(db, own, "scout");
    id = await convened(
      db,
      fac,
      table([
        personSeat("finance", pat.name),
        agentSeat("scout", scout.who.agentId),
        modelSeat("brand", steady("ship", 7, "finance")),
        modelSeat("legal", steady("hold", 4, "brand")),
        modelSeat("ops", steady("ship", 8, "legal")),
      ]),
    );
  });

  it("round 1 opens at convening; the scripted souls answer when asked, once each", async () => {
    let s = await state(fac, id);
    expect(s.phase).toMatchObject({
      kind: "round",
      round: 1,
      waiting: ["finance", "scout", "brand", "legal", "ops"],
    });
    expect(s.seats.map((x) => [x.name, x.wearer, x.wornBy])).toEqual([
      ["finance", "person", pat.name],
      ["scout", "agent", "scout"],
      ["brand", "model", "scripted · house"],
      ["legal", "model", "scripted · house"],
      ["ops", "model", "scripted · house"],
    ]);
    expect(await models(db, id)).toBe(3);
    expect(await models(db, id)).toBe(0);
    s = await state(fac, id);
    expect(s.rounds[0]).toMatchObject({
      answered: ["brand", "legal", "ops"],
      waiting: ["finance", "scout"],
      hidden: 3,
    });
    expect(s.calls).toHaveLength(3);
    expect(s.calls.every((c) => c.ok === true && c.latencyMs !== null)).toBe(true);
  });

  it("only the seat's wearer answers, only the open round, once", async () => {
    const r1 = steady("ship", 6, "scout")[1];
    expect(await answer(ANON, id, r1)).toMatchObject({ code: "signin_required" });
    expect(await answer(outsider, id, r1)).toMatchObject({ code: "forbidden" });
    expect(await answer(pat, id, r1, T0, 2)).toMatchObject({
      code: "conflict",
      message: "Round 1 is open, not round 2.",
    });
    expect(await answer(pat, id + 1000, r1)).toMatchObject({ code: "not_found" });
    expect(await answer(pat, id, r1)).toEqual({ ok: true, value: { round: 1, seat: "finance" } });
    expect(await answer(pat, id, r1)).toMatchObject({
      code: "conflict",
      message: expect.stringContaining("already answered round 1"),
    });
  });

  it("the agent waits for its round, and its answer closes round 1 and opens round 2", async () => {
    const waited = await waitForRound(db.prisma, scout.who, { id, timeoutMs: 0 }, clock);
    expect(waited).toMatchObject({ ok: true, value: { yourRound: true, timedOut: false } });
    const mine = waited.ok ? waited.value.council.yourRound : null;
    expect(mine).toMatchObject({ round: 1, name: "OPEN", options: ["ship", "hold", "split"], attempt: 1 });
    expect(mine?.prompt).toContain('You hold the seat "scout"');
    expect(
      await answer(scout.who, id, JSON.stringify(steady("hold", 5, "finance")[1]), T0 + MIN),
    ).toMatchObject({ ok: true });
    const s = await state(fac, id, T0 + MIN);
    expect(s.rounds.map((r) => [r.round, r.open, r.closedBecause])).toEqual([
      [1, false, "all answered"],
      [2, true, null],
    ]);
    expect(s.rounds[0]!.answers.map((a) => [a.name, a.position, a.confidence])).toEqual([
      ["finance", "ship", 6],
      ["scout", "hold", 5],
      ["brand", "ship", 7],
      ["legal", "hold", 4],
      ["ops", "ship", 8],
    ]);
  });

  it("round 2: the inspector says CONTINUE, and round 3 waits for the facilitator's axes", async () => {
    await models(db, id, T0 + MIN);
    expect(await answer(pat, id, steady("ship", 6, "scout")[2], T0 + 2 * MIN)).toMatchObject({ ok: true });
    expect(await answer(scout.who, id, steady("hold", 5, "finance")[2], T0 + 2 * MIN)).toMatchObject({
      ok: true,
    });
    const s = await state(fac, id, T0 + 2 * MIN);
    expect(s.verdicts).toEqual([
      expect.objectContaining({
        afterRound: 2,
        verdict: "CONTINUE",
        line: "CONTINUE: round 2 still divided — run round 3",
      }),
    ]);
    expect(s.phase).toMatchObject({ kind: "axes" });
    expect(s.draftAxes?.[0]).toBe("ship or hold: finance, brand, ops against scout, legal");
    expect(s.may.axes).toBe(true);
    expect((await state(pat, id, T0 + 2 * MIN)).may.axes).toBe("Only the facilitator writes the axes.");
    expect(await setAxes(db.prisma, pat, { councilId: id, accept_draft: true }, T0 + 2 * MIN)).toMatchObject({
      code: "forbidden",
    });
    const onlyOne = { councilId: id, axes: ["only one"] };
    expect(await runOperation(db.prisma, OPERATIONS.councils.axes, fac, onlyOne, T0 + 2 * MIN)).toMatchObject(
      {
        code: "invalid",
        message: '"axes": write at least 2 axes.',
      },
    );
    const axes = ["what a Friday outage costs", "whether the on-call rota can hold"];
    expect(await setAxes(db.prisma, fac, { councilId: id, axes }, T0 + 3 * MIN)).toEqual({
      ok: true,
      value: { axes },
    });
    const after = await state(scout.who, id, T0 + 3 * MIN);
    expect(after.phase).toMatchObject({ kind: "round", round: 3 });
    expect(after.yourRound?.prompt).toContain("  - what a Friday outage costs");
    expect(await setAxes(db.prisma, fac, { councilId: id, axes }, T0 + 3 * MIN)).toMatchObject({
      code: "conflict",
    });
  });

  it("rounds 3 and 4: the vote is counted by the engine, and the decision block is the CLI's for the exported state", async () => {
    await models(db, id, T0 + 3 * MIN);
    await answer(pat, id, steady("ship", 6, "scout")[3], T0 + 4 * MIN);
    await answer(scout.who, id, steady("ship", 6, "finance")[3], T0 + 4 * MIN);
    let s = await state(fac, id, T0 + 4 * MIN);
    expect(s.verdicts.at(-1)).toMatchObject({ afterRound: 3, verdict: "CONTINUE" });
    expect(s.phase).toMatchObject({ kind: "round", round: 4 });
    await models(db, id, T0 + 4 * MIN);
    expect(
      await answer(pat, id, { ...steady("ship", 6, "scout")[4], final_confidence: 5 }, T0 + 5 * MIN),
    ).toMatchObject({
      code: "invalid",
      message: expect.stringContaining("5 is forbidden in the vote — choose 4 or 6"),
    });
    await answer(pat, id, steady("ship", 6, "scout")[4], T0 + 5 * MIN);
    await answer(
      scout.who,
      id,
      { ...steady("ship", 6, "finance")[4], dissent_note: "Friday releases strain the on-call team" },
      T0 + 5 * MIN,
    );
    s = await state(outsider, id, T0 + 5 * MIN);
    expect(s.phase).toEqual({ kind: "finished", verdict: "DECIDED" });
    expect(s.status).toBe("decided: ship");
    expect(s.result?.lines).toEqual([
      "DECISION: ship",
      "Aggregator: weighted · ship: 27 · hold: 4 · split: 0",
      "Weighted confidence: 27/50 (54%) for ship",
      "Top dissent: legal (hold, 4) — hold, on balance",
      "Top hedger: finance (6) — ship, on balance",
    ]);
    expect(s.result?.votes.map((v) => v.lens)).toEqual([
      "the finance lens",
      "the scout lens",
      "the brand lens",
      "the legal lens",
      "the ops lens",
    ]);
    const exported = await exportState(db.prisma, outsider, { id }, T0 + 5 * MIN);
    const cli = councilCli(["vote", "state.json"], {
      readFile: () => JSON.stringify(exported.ok && exported.value),
    });
    expect(cli).toEqual({ stdout: s.result!.lines.map((l) => `${l}\n`).join(""), stderr: "", code: 0 });
    const minutes = await councilMinutes(db.prisma, outsider, { id }, T0 + 5 * MIN);
    const md = minutes.ok ? minutes.value.markdown : "";
    expect(md).toContain(["```", ...s.result!.lines, "```"].join("\n"));
    expect(md).toContain("- The legal lens voted hold at 4.");
    expect(md).toContain("| the scout lens | uploaded file (scout.md) | agent: scout | live |");
    expect(md).toContain("The inspector after round 2: `CONTINUE: round 2 still divided — run round 3`");
    expect(md).toContain("None needed: the table decided.");
    expect(await answer(pat, id, steady("ship", 6, "scout")[4], T0 + 6 * MIN)).toMatchObject({
      code: "conflict",
      message: "The round table has finished; no round is open.",
    });
    expect(
      await recordRuling(db.prisma, fac, { councilId: id, choice: "ship", reason: "x" }, T0),
    ).toMatchObject({
      code: "conflict",
    });
  });

  it("the list marks the viewer's tables and whether their seat owes an answer", async () => {
    const mine = await listCouncils(db.prisma, pat, T0);
    expect(mine.ok && mine.value.councils.find((c) => c.id === id)).toMatchObject({
      status: "decided",
      outcome: "decided",
      yours: true,
      yourTurn: false,
      seats: 5,
    });
    const theirs = await listCouncils(db.prisma, outsider, T0);
    expect(theirs.ok && theirs.value.councils.find((c) => c.id === id)).toMatchObject({ yours: false });
    // The decisions log: the option the vote chose, newest first, for whoever may read the table.
    const log = await listDecisions(db.prisma, pat);
    expect(log.ok && log.value.decisions.find((d) => d.councilId === id)).toMatchObject({
      decision: "ship",
      how: "vote",
      by: null,
      minutes: `/councils/${id}/minutes`,
    });
    const guest = await listDecisions(db.prisma, ANON);
    const readable = await listCouncils(db.prisma, ANON, T0);
    expect(
      guest.ok &&
        guest.value.decisions.every(
          (d) => readable.ok && readable.value.councils.some((c) => c.id === d.councilId),
        ),
    ).toBe(true);
  });
});
