// Who sees what while a round is open, through every door: only the seat that wrote an answer reads it; other
// seats, the facilitator and watchers see who has answered — never what — until the round closes.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createCaller, createContextInner } from "../../doors/trpc";
import { ANON, type Who } from "../../identity";
import { api, callTool, mcpClient } from "../../testing/doors";
import { testDatabase, type TestDatabase } from "../../testing/db";
import { answerRound, councilMinutes, councilState, exportState, waitForRound } from "./index";
import {
  agentOf,
  agentSeat,
  convened,
  modelSeat,
  models,
  people,
  personSeat,
  steady,
  T0,
  table,
} from "./testing";
import { fixedClock } from "../../clock";
const clock = fixedClock(T0);

let db: TestDatabase;
beforeAll(async () => {
  db = await testDatabase();
});
afterAll(async () => db?.drop());

/** Words only the open round's answers contain: none may reach anyone but their writer. */
const SECRETS = [
  "pat-secret-reasoning",
  "scout-secret-reasoning",
  "model-secret-reasoning",
  "pat-bad-secret",
];

const leaks = (seen: unknown, allowed: string[] = []) =>
  SECRETS.filter((s) => !allowed.includes(s) && JSON.stringify(seen).includes(s));

describe("an open round's answers", () => {
  it("reach only their writer, by every door; the round's close shows them to all", async () => {
    const { fac, pat, own, watcher } = await people(db, "x", ["fac", "pat", "own", "watcher"]);
    const scout = await agentOf(db, own, "x-scout");
    const r1 = (secret: string, target: string) => ({ ...steady("ship", 6, target)[1], reasoning: secret });
    const id = await convened(
      db,
      fac,
      table([
        personSeat("pat", pat.name),
        agentSeat("scout", scout.who.agentId),
        modelSeat("model", { 1: r1("model-secret-reasoning", "pat") }),
        modelSeat("quiet"),
      ]),
    );
    await models(db, id);
    // pat's first reply is refused (its content is as secret as an answer), then pat answers.
    await answerRound(
      db.prisma,
      pat,
      { councilId: id, reply: { ...r1("pat-bad-secret", "scout"), position: "launch" } },
      T0,
    );
    await answerRound(db.prisma, pat, { councilId: id, reply: r1("pat-secret-reasoning", "scout") }, T0);

    const viewers: [string, Who, string[]][] = [
      ["a guest", ANON, []],
      ["a watcher", watcher, []],
      ["the facilitator", fac, []],
      ["another seat (the agent)", scout.who, []],
      ["the agent's owner", own, []],
      ["pat, who wrote it", pat, ["pat-secret-reasoning", "pat-bad-secret"]],
    ];
    for (const [who, viewer, allowed] of viewers) {
      const s = await councilState(db.prisma, viewer, { id }, T0);
      expect(leaks(s, allowed), `${who}: the action`).toEqual([]);
      expect(s.ok && s.value.rounds[0]?.answered).toEqual(["pat", "model", "quiet"]);
      expect(
        leaks(await api(db.prisma, viewer, { clock })("GET", `/api/councils/${id}`), allowed),
        `${who}: REST`,
      ).toEqual([]);
      expect(
        leaks(await api(db.prisma, viewer, { clock })("GET", `/api/councils/${id}/state.json`)),
        `${who}: export`,
      ).toEqual([]);
      expect(leaks(await exportState(db.prisma, viewer, { id }, T0)), `${who}: export action`).toEqual([]);
      expect(leaks(await councilMinutes(db.prisma, viewer, { id }, T0)), `${who}: minutes`).toEqual([]);
      const trpc = createCaller(createContextInner({ db: db.prisma, who: viewer, clock: clock }));
      expect(leaks(await trpc.councils.state({ councilId: id }), allowed), `${who}: tRPC`).toEqual([]);
      expect(leaks(await trpc.councils.minutes({ councilId: id })), `${who}: tRPC minutes`).toEqual([]);
    }
    const client = await mcpClient(db.prisma, scout.who, clock);
    const seen = await callTool(client, "council_state", { council_id: id });
    expect(seen.isError).toBe(false);
    expect(leaks(seen.text)).toEqual([]);
    expect(seen.json.your_round).toMatchObject({
      round: 1,
      fields: ["position", "reasoning", "confidence_now", "what_would_change_your_mind"],
    });
    expect(seen.json.your_round.prompt).not.toContain("secret");
    const waited = await waitForRound(db.prisma, scout.who, { id, timeoutMs: 0 }, clock);
    expect(leaks(waited)).toEqual([]);
    const events = await db.prisma.event.findMany({ where: { topic: { in: [`council:${id}`, "lobby"] } } });
    expect(events.length).toBeGreaterThan(0);
    expect(leaks(events.map((e) => [e.topic, e.type, e.payload]))).toEqual([]);

    // The agent's answer closes the round: now everyone reads everything of round 1 (and round 2's prompt quotes it).
    expect(
      await answerRound(
        db.prisma,
        scout.who,
        { councilId: id, reply: r1("scout-secret-reasoning", "pat") },
        T0,
      ),
    ).toMatchObject({ ok: true });
    const after = await councilState(db.prisma, ANON, { id }, T0);
    expect(leaks(after).sort()).toEqual([...SECRETS].sort());
    const theirs = await councilState(db.prisma, scout.who, { id }, T0);
    expect(theirs.ok && theirs.value.yourRound?.prompt).toContain("pat-secret-reasoning");
  });
});
