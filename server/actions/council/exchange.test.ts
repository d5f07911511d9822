// The original state file in and out, the demo, and the council's doors (JSON API, MCP) on a real database.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { councilCli } from "../../doors/cli/council";
import { ANON } from "../../identity";
import { workedExample } from "../../rules/council/testing";
import { api, callTool, mcpClient } from "../../testing/doors";
import { testDatabase, type TestDatabase } from "../../testing/db";
import {
  councilMinutes,
  councilState,
  exportState,
  importState,
  listCouncils,
  listDecisions,
  recordRuling,
  renewLiveDemo,
  seedCouncilDemo,
  sweepCouncils,
  COUNCIL_INVARIANTS,
} from "./index";
import { agentOf, agentSeat, convened, modelSeat, people, personSeat, steady, T0, table } from "./testing";
import { fixedClock } from "../../clock";
const clock = fixedClock(T0);

let db: TestDatabase;
beforeAll(async () => {
  db = await testDatabase();
});
afterAll(async () => db?.drop());

const cli = (mode: "vote" | "inspect", state: unknown) =>
  councilCli([mode, "state.json"], { readFile: () => JSON.stringify(state) });

describe("the state file", () => {
  it("the worked example imports as a finished record: DECISION adopt-modified, 37/50 (74%), and exports unchanged for the CLI", async () => {
    const { fac } = await people(db, "e1", ["fac"]);
    const r = await importState(db.prisma, fac, workedExample(), T0, { visibility: "public" });
    expect(r.ok).toBe(true);
    const id = r.ok ? r.value.id : 0;
    const s = await councilState(db.prisma, ANON, { id }, T0);
    const v = s.ok ? s.value : null;
    expect(v).toMatchObject({
      imported: true,
      status: "decided: adopt-modified",
      stateId: "2026-05-16_adopt-a-pattern",
    });
    expect(v?.result?.lines.slice(0, 3)).toEqual([
      "DECISION: adopt-modified",
      "Aggregator: weighted · adopt-as-is: 0 · adopt-modified: 37 · reject: 0",
      "Weighted confidence: 37/50 (74%) for adopt-modified",
    ]);
    expect(v?.result?.lines).toContain("Top dissent: none (no opposing votes)");
    expect(v?.seats.every((x) => x.wearer === "nobody")).toBe(true);
    const exported = await exportState(db.prisma, ANON, { id }, T0);
    const out = cli("vote", exported.ok && exported.value);
    expect(out).toEqual(cli("vote", workedExample()));
    expect(out.stdout).toBe(v!.result!.lines.map((l) => `${l}\n`).join(""));
    expect(exported.ok && exported.value.agents.map((a) => a.final)).toEqual(
      workedExample().agents.map((a) => a.final),
    );
    const md = await councilMinutes(db.prisma, ANON, { id }, T0);
    expect(md.ok && md.value.markdown).toContain("- The brand lens voted adopt-modified at 6.");
    // After round 2 the inspector says CONTINUE (brand held adopt-as-is; not every self_update is "no change"),
    // but the file went on to the vote: the record keeps the verdict and says where the table went instead.
    const afterTwo = v!.verdicts.find((x) => x.afterRound === 2)!;
    expect(afterTwo.verdict).toBe("CONTINUE");
    const departure = "The imported record went on to round 4 (the vote), not round 3 as the inspector said.";
    expect(afterTwo.departure).toBe(departure);
    expect(md.ok && md.value.markdown).toContain(departure);
    expect(v!.verdicts.filter((x) => x.departure !== null)).toHaveLength(1);
  });

  it("under unanimity-or-escalate the same votes escalate, and the human's ruling stands beside the result", async () => {
    const { fac, other } = await people(db, "e2", ["fac", "other"]);
    const r = await importState(
      db.prisma,
      fac,
      { ...workedExample(), aggregator: "unanimity-or-escalate" },
      T0,
      { visibility: "public" },
    );
    const id = r.ok ? r.value.id : 0;
    const s = await councilState(db.prisma, ANON, { id }, T0);
    expect(s.ok && s.value.result).toMatchObject({ kind: "escalated", winner: "adopt-modified" });
    expect(s.ok && s.value.result?.lines.at(-1)).toBe("The human decides.");
    expect(
      await recordRuling(db.prisma, other, { councilId: id, choice: "reject", reason: "no" }, T0),
    ).toMatchObject({ code: "forbidden" });
    expect(
      await recordRuling(
        db.prisma,
        fac,
        { councilId: id, choice: "adopt-modified", reason: "Two hedgers at 6 are still yes." },
        T0,
      ),
    ).toMatchObject({ ok: true });
    const after = await councilState(db.prisma, ANON, { id }, T0);
    expect(after.ok && after.value.ruling).toMatchObject({ choice: "adopt-modified", by: fac.name });
    expect(after.ok && after.value.result?.kind).toBe("escalated");
    // The decisions log carries the ruling, not the vote's escalation, with the minutes' path.
    const log = await listDecisions(db.prisma, ANON);
    expect(log.ok && log.value.decisions.find((d) => d.councilId === id)).toEqual({
      councilId: id,
      question: workedExample().question,
      decision: "adopt-modified",
      how: "ruling",
      at: new Date(T0).toISOString(),
      by: fac.name,
      minutes: `/councils/${id}/minutes`,
      // an imported record had no Step 0
      fit: null,
    });
  });

  it("refuses what is not a state, or a table the app cannot seat", async () => {
    const { fac } = await people(db, "e3", ["fac"]);
    expect(await importState(db.prisma, ANON, workedExample(), T0)).toMatchObject({
      code: "signin_required",
    });
    expect(await importState(db.prisma, fac, { question: "x" }, T0)).toMatchObject({
      code: "invalid",
      message: expect.stringContaining("Not a Round Table state"),
    });
    const two = { ...workedExample(), agents: workedExample().agents.slice(0, 2) };
    expect(await importState(db.prisma, fac, two, T0)).toMatchObject({
      code: "invalid",
      message: "A round table seats 3 to 8 souls; this state has 2.",
    });
  });

  it("a table in deliberation exports its closed rounds only; `inspect` reads it like the original", async () => {
    const { fac, pat } = await people(db, "e4", ["fac", "pat"]);
    const id = await convened(
      db,
      fac,
      table([
        personSeat("p", pat.name),
        modelSeat("a", steady("ship", 6, "p")),
        modelSeat("b", steady("hold", 6, "p")),
      ]),
    );
    const { runModelSeats } = await import("./models");
    await runModelSeats(db.prisma, id, { clock: () => T0 });
    let exported = await exportState(db.prisma, fac, { id }, T0);
    expect(exported.ok && exported.value.agents.map((a) => a.rounds)).toEqual([[], [], []]);
    expect(cli("inspect", exported.ok && exported.value)).toMatchObject({
      code: 1,
      stderr: "round 1: no seat has answered yet\n",
    });
    const { answerRound } = await import("./answer");
    await answerRound(db.prisma, pat, { councilId: id, reply: steady("ship", 6, "a")[1] }, T0);
    exported = await exportState(db.prisma, fac, { id }, T0);
    expect(exported.ok && exported.value.agents.map((a) => a.rounds.length)).toEqual([1, 1, 1]);
  });
});

describe("the demo", () => {
  it("lays out the worked example finished, and a live table the sweeper advances as its souls come due", async () => {
    const fresh = await testDatabase();
    try {
      await seedCouncilDemo(fresh.prisma, T0);
      const list = await listCouncils(fresh.prisma, ANON, T0);
      const councils = list.ok ? list.value.councils : [];
      expect(councils.map((c) => [c.status, c.demo, c.imported])).toEqual([
        ["open", true, false],
        ["decided", true, true],
      ]);
      const live = councils[0]!.id;
      const answered = async (now: number) => {
        const s = await councilState(fresh.prisma, ANON, { id: live }, now);
        return s.ok ? s.value.rounds.map((r) => r.answered.length) : [];
      };
      await sweepCouncils(fresh, T0 + 4_000, { models: "await" });
      expect(await answered(T0 + 4_000)).toEqual([1]);
      await sweepCouncils(fresh, T0 + 12_000, { models: "await" });
      expect(await answered(T0 + 12_000)).toEqual([3]);
      // Long after: every round runs, the clerk accepts the drafted axes, the table is counted.
      for (let t = 20_000; t <= 200_000; t += 20_000) await sweepCouncils(fresh, T0 + t, { models: "await" });
      const done = await councilState(fresh.prisma, ANON, { id: live }, T0 + 200_000);
      expect(done.ok && done.value.phase.kind).toBe("finished");
      expect(done.ok && done.value.result?.lines[0]).toMatch(/^DECISION: /);
      // A visit after it finished hands the live demo on to a fresh table.
      await renewLiveDemo(fresh.prisma, T0 + 400_000);
      const after = await listCouncils(fresh.prisma, ANON, T0 + 400_000);
      expect(after.ok && after.value.councils.filter((c) => c.status === "open" && c.demo)).toHaveLength(1);
      // The finished one is handed on, not piled up: still at its address, no longer in the list or the log.
      expect(after.ok && after.value.councils.some((c) => c.id === live)).toBe(false);
      expect(await councilState(fresh.prisma, ANON, { id: live }, T0 + 400_000)).toMatchObject({ ok: true });
      const log = await listDecisions(fresh.prisma, ANON);
      expect(log.ok && log.value.decisions.some((d) => d.councilId === live)).toBe(false);
      for (const invariant of COUNCIL_INVARIANTS)
        expect(await fresh.sql.query(invariant.sql), invariant.name).toEqual([]);
    } finally {
      await fresh.drop();
    }
  });
});

describe("the doors", () => {
  it("the JSON API convenes, reads, answers and exports; ids are plain digits; failures are named", async () => {
    const { fac, pat } = await people(db, "j1", ["fac", "pat"]);
    const call = api(db.prisma, fac, { clock });
    const created = await call(
      "POST",
      "/api/councils",
      table([personSeat("p", pat.name), modelSeat("a"), modelSeat("b")]),
    );
    expect(created).toMatchObject({ status: 201, body: { id: expect.any(Number) } });
    const id = created.body.id as number;
    // pat was asked, not seated: round 1 waits for the yes, which pat gives over the JSON API.
    expect(await call("GET", `/api/councils/${id}`)).toMatchObject({
      status: 200,
      body: {
        id,
        phase: { kind: "consent", waiting: ["p"] },
        seats: expect.arrayContaining([expect.objectContaining({ name: "p", consent: "invited" })]),
      },
    });
    expect(
      await api(db.prisma, pat, { clock })("POST", "/api/invitations/accept", { kind: "council", id }),
    ).toMatchObject({ status: 200, body: { kind: "council", id, seat: "p", accepted: true } });
    expect(await call("GET", `/api/councils/${id}`)).toMatchObject({
      status: 200,
      body: { id, phase: { kind: "round", round: 1 } },
    });
    for (const bad of ["1e3", "1.0", "import", "-1"])
      expect(await call("GET", `/api/councils/${bad}`)).toMatchObject({ status: 404 });
    expect(await call("POST", "/api/councils", { question: "x" })).toMatchObject({
      status: 422,
      body: { error: { code: "invalid" } },
    });
    expect(await api(db.prisma, ANON, { clock })("POST", "/api/councils", table([]))).toMatchObject({
      status: 401,
    });
    const answer = (who: typeof pat, body: unknown) =>
      api(db.prisma, who, { clock })("POST", `/api/councils/${id}/answer`, body);
    expect(await answer(fac, { reply: steady("ship", 6, "a")[1] })).toMatchObject({ status: 403 });
    expect(await answer(pat, { reply: steady("ship", 6, "a")[1], extra: 1 })).toMatchObject({ status: 422 });
    expect(await answer(pat, { reply: steady("ship", 6, "a")[1] })).toMatchObject({
      status: 200,
      body: { round: 1, seat: "p" },
    });
    expect(await answer(pat, { reply: steady("ship", 6, "a")[1] })).toMatchObject({ status: 409 });
    expect(await call("GET", `/api/councils/${id}/state.json`)).toMatchObject({
      status: 200,
      body: { id: String(id), options: ["ship", "hold", "split"] },
    });
    expect(await call("POST", `/api/councils/${id}/confirm`, { confirm: true })).toMatchObject({
      status: 409,
    });
    expect(await call("POST", "/api/councils/import", workedExample())).toMatchObject({ status: 201 });
    expect(await call("GET", `/api/councils/${id}/wait?timeout_ms=0`)).toMatchObject({
      status: 200,
      body: { your_round: false, timed_out: true },
    });
  });

  it("MCP: an agent lists, reads its round, answers it, and is told in one sentence what is wrong", async () => {
    const { fac, own } = await people(db, "j2", ["fac", "own"]);
    const scout = await agentOf(db, own, "mcp-scout");
    const id = await convened(
      db,
      fac,
      table([agentSeat("scout", scout.who.agentId), modelSeat("a"), modelSeat("b")]),
      T0,
    );
    const client = await mcpClient(db.prisma, scout.who, clock);
    const tools = await client.listTools();
    expect(tools.tools.map((t) => t.name)).toEqual(
      expect.arrayContaining(["list_councils", "council_state", "convene", "answer_round", "wait_for_round"]),
    );
    const listed = await callTool(client, "list_councils");
    expect(listed.json.councils.find((c: { id: number }) => c.id === id)).toMatchObject({
      yours: true,
      your_turn: true,
    });
    const waited = await callTool(client, "wait_for_round", { council_id: id, timeout_ms: 0 });
    expect(waited.json).toMatchObject({ your_round: true, council: { your_round: { round: 1 } } });
    expect(await callTool(client, "answer_round", { council_id: id })).toMatchObject({ isError: true });
    const bad = await callTool(client, "answer_round", { council_id: id, reply: { position: "maybe" } });
    expect(bad).toMatchObject({ isError: true, text: expect.stringContaining("Answer once more") });
    const good = await callTool(client, "answer_round", {
      council_id: id,
      round: 1,
      reply: steady("hold", 4, "a")[1],
    });
    expect(good).toMatchObject({ isError: false, json: { round: 1, seat: "scout" } });
    const convenedByAgent = await callTool(
      client,
      "convene",
      table([modelSeat("x"), modelSeat("y"), modelSeat("z")]),
    );
    expect(convenedByAgent).toMatchObject({ isError: false, json: { id: expect.any(Number) } });
    const theirs = await councilState(db.prisma, own, { id: convenedByAgent.json.id }, T0);
    expect(theirs.ok && theirs.value).toMatchObject({
      facilitator: { name: own.name },
      you: { facilitator: true },
    });
  });
});
