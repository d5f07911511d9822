// Moderating a Round Table (shared/spec/access.md) on a real database: a hidden answer's prose or soul text reads
// hidden everywhere while the vote stands; a cancelled round table closes its open round and its ledger checks clean.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ANON, type Who } from "../../identity";
import { HIDDEN_TEXT } from "../../rules/moderation";
import { makeUser, testDatabase, type TestDatabase } from "../../testing/db";
import { answerRound, councilMinutes, councilState, exportState, listCouncils } from "../council";
import { dbCheck } from "../dbcheck";
import { invariantsOf } from "../../modules";
import { convened, modelSeat, models, steady, T0, table as councilTable } from "../council/testing";
import { cancelCouncil, hideAnswer, hideSoul } from ".";

const MIN = 60_000;
let db: TestDatabase;
let admin: Who & { kind: "user" };
let stranger: Who & { kind: "user" };
beforeAll(async () => {
  process.env.PARLEY_RATE_LIMIT = "1000000";
  db = await testDatabase();
  admin = { ...(await makeUser(db, "mod-admin")), admin: true };
  stranger = await makeUser(db, "mod-stranger");
});
afterAll(async () => db?.drop());

describe("hiding at a round table", () => {
  it("an answer's prose and a soul text read hidden everywhere (page, minutes, export); the vote stands", async () => {
    const fac = await makeUser(db, "mod-fac");
    const secret = (word: string) => ({ ...steady("ship", 7, "b")[1], reasoning: `${word} reasoning` });
    const id = await convened(
      db,
      fac,
      councilTable([
        modelSeat("a", { 1: secret("slur-a") }),
        { ...modelSeat("b", { 1: secret("plain-b") }), soul: "a soul text with a slur-soul in it" },
        modelSeat("c"),
      ]),
    );
    await models(db, id);
    const before = await councilState(db.prisma, ANON, { id }, T0 + 31 * MIN);
    if (!before.ok) throw new Error(before.message);
    const answer = await db.prisma.councilAnswer.findFirstOrThrow({
      where: { councilId: id, seat: { name: "a" }, round: 1 },
    });
    expect(
      await hideAnswer(db.prisma, admin, { councilId: id, answerId: answer.id, reason: "slur" }, T0),
    ).toEqual({
      ok: true,
      value: { hidden: true },
    });
    expect(await hideSoul(db.prisma, admin, { councilId: id, seat: "b", reason: "slur" }, T0)).toMatchObject({
      ok: true,
    });
    expect(await hideSoul(db.prisma, admin, { councilId: id, seat: "zz", reason: "x" }, T0)).toMatchObject({
      ok: false,
      code: "not_found",
    });
    for (const viewer of [ANON, fac, admin] as Who[]) {
      const s = await councilState(db.prisma, viewer, { id }, T0 + 31 * MIN);
      const m = await councilMinutes(db.prisma, viewer, { id }, T0 + 31 * MIN);
      const x = await exportState(db.prisma, viewer, { id }, T0 + 31 * MIN);
      // (an admin's state carries the originals in its moderation log, and only there)
      const page = s.ok ? { ...s.value, moderation: [] } : s;
      for (const seen of [page, m, x]) {
        expect(JSON.stringify(seen)).not.toContain("slur-a");
        expect(JSON.stringify(seen)).not.toContain("slur-soul");
      }
      if (!s.ok) throw new Error(s.message);
      expect(JSON.stringify(s.value)).toContain(HIDDEN_TEXT);
      expect(s.value.moderation.map((e) => [e.subject, e.original === null])).toEqual([
        ["an answer", viewer !== admin],
        ["a soul text", viewer !== admin],
      ]);
    }
    // The vote did not move: positions and confidences are what they were.
    const after = await councilState(db.prisma, ANON, { id }, T0 + 31 * MIN);
    const stances = (v: Awaited<ReturnType<typeof councilState>>) =>
      v.ok
        ? v.value.rounds.flatMap((r) => r.answers.map((a) => `${a.name}:${a.position}:${a.confidence}`))
        : [];
    expect(stances(after)).toEqual(stances(before));
  });
});

describe("cancelling a round table", () => {
  it("closes its open round: no answer is taken, no result, cancelled in the list; the ledger still checks clean", async () => {
    const fac = await makeUser(db, "modc-fac");
    const pat = await makeUser(db, "modc-pat");
    const id = await convened(
      db,
      fac,
      councilTable([
        { name: "pat", soul: "Careful.", source: "habit", wearer: "person", person: pat.name },
        modelSeat("b"),
        modelSeat("c"),
      ]),
    );
    expect(await cancelCouncil(db.prisma, stranger, { councilId: id, reason: "x" }, T0)).toMatchObject({
      ok: false,
      code: "forbidden",
    });
    expect(await cancelCouncil(db.prisma, admin, { councilId: id, reason: "off-topic" }, T0 + MIN)).toEqual({
      ok: true,
      value: { status: "cancelled" },
    });
    const s = await councilState(db.prisma, ANON, { id }, T0 + 2 * MIN);
    if (!s.ok) throw new Error(s.message);
    expect([s.value.status, s.value.phase.kind, s.value.result]).toEqual([
      "cancelled by a moderator",
      "cancelled",
      null,
    ]);
    expect(s.value.rounds.every((r) => !r.open)).toBe(true);
    expect(s.value.moderation).toEqual([
      expect.objectContaining({ action: "cancel", subject: "the round table", reason: "off-topic" }),
    ]);
    const answered = await answerRound(
      db.prisma,
      pat,
      { councilId: id, reply: steady("ship", 6, "b")[1] },
      T0 + 2 * MIN,
    );
    expect(answered).toMatchObject({ ok: false, code: "conflict" });
    const listed = await listCouncils(db.prisma, ANON, T0 + 2 * MIN);
    expect(listed.ok && listed.value.councils.find((c) => c.id === id)?.status).toBe("cancelled");
    await models(db, id, T0 + 60 * MIN); // the model souls are not asked again
    expect(await db.prisma.councilAnswer.count({ where: { councilId: id, round: { gt: 1 } } })).toBe(0);
    expect((await dbCheck(db, invariantsOf())).problems).toEqual([]);
    expect(
      await cancelCouncil(db.prisma, admin, { councilId: id, reason: "again" }, T0 + 3 * MIN),
    ).toMatchObject({
      ok: false,
      code: "conflict",
    });
  });
});
