// Step 0 at every door (council.md "Convening"): convening carries the convener's three sentences (fit) over the
// JSON API, MCP and tRPC; a convening without one is `invalid`, naming the missing answer; the sentences open the
// minutes and stand beside the outcome in the decisions log; an imported record says it had none.
import { describe, expect, it } from "vitest";
import { fixedClock } from "../../clock";
import { createCaller } from "../../doors/trpc";
import { workedExample } from "../../rules/council/testing";
import { api, callTool, mcpClient } from "../../testing/doors";
import { type TestDatabase } from "../../testing/db";
import { databaseForFile } from "../../testing/lifecycle";
import { councilMinutes, councilState, importState, listDecisions } from "./index";
import { agentOf, convened, MIN, models, modelSeat, people, steady, T0, table } from "./testing";

const clock = fixedClock(T0);
let db: TestDatabase;
databaseForFile((made) => (db = made));

const decidedYet = async (id: number) =>
  (await db.prisma.council.findUnique({ where: { id }, select: { outcome: true } }))?.outcome === "decided";
const seats = () => [modelSeat("a"), modelSeat("b"), modelSeat("c")];
const FIT = table([]).fit;
const without = (key?: "decision" | "options" | "stakes") => {
  const { fit, ...rest } = table(seats());
  if (!key) return rest;
  const partial: Record<string, string> = { ...fit };
  delete partial[key];
  return { ...rest, fit: partial };
};

describe("Step 0 at every door", () => {
  it("the JSON API refuses a convening without fit, or with one answer missing or blank, naming it", async () => {
    const { fac } = await people(db, "fit1", ["fac"]);
    const call = api(db.prisma, fac, { clock });
    const none = await call("POST", "/api/councils", without());
    expect(none).toMatchObject({ status: 422, body: { error: { code: "invalid" } } });
    expect(none.body.error.message).toMatch(/"fit" is required/);
    const stakes = await call("POST", "/api/councils", without("stakes"));
    expect(stakes).toMatchObject({ status: 422, body: { error: { code: "invalid" } } });
    expect(stakes.body.error.message).toMatch(/"fit\.stakes" is required/);
    const blank = await call("POST", "/api/councils", { ...table(seats()), fit: { ...FIT, options: "  " } });
    expect(blank).toMatchObject({ status: 422 });
    expect(blank.body.error.message).toMatch(/"fit\.options".*say why these options/);
    expect(await db.prisma.council.count({ where: { facilitatorId: fac.userId } })).toBe(0);

    const made = await call("POST", "/api/councils", table(seats()));
    expect(made).toMatchObject({ status: 201 });
    const read = await call("GET", `/api/councils/${made.body.id}`);
    expect(read.body.fit).toEqual(FIT);
  });

  it("MCP: convene without fit is an isError naming it; with it, the table carries the three sentences", async () => {
    const { own } = await people(db, "fit2", ["own"]);
    const scout = await agentOf(db, own, "fit-scout");
    const client = await mcpClient(db.prisma, scout.who, clock);
    const tools = await client.listTools();
    const convene = tools.tools.find((t) => t.name === "convene")!;
    expect(convene.description).toMatch(/Step 0/);
    expect(convene.inputSchema.required).toContain("fit");
    const bad = await callTool(client, "convene", without("decision"));
    expect(bad).toMatchObject({ isError: true, text: expect.stringMatching(/"fit\.decision" is required/) });
    const good = await callTool(client, "convene", table(seats()));
    expect(good).toMatchObject({ isError: false, json: { id: expect.any(Number) } });
    const s = await councilState(db.prisma, own, { id: good.json.id }, T0);
    expect(s.ok && s.value.fit).toEqual(FIT);
  });

  it("tRPC (the form's door) refuses without fit; the minutes open with the sentences and the log shows them", async () => {
    const { fac } = await people(db, "fit3", ["fac"]);
    const trpc = createCaller({ db: db.prisma, who: fac, clock });
    await expect(trpc.councils.convene(without("options") as never)).rejects.toMatchObject({
      code: "UNPROCESSABLE_CONTENT",
      message: expect.stringMatching(/"fit\.options" is required/),
    });
    const { id } = await trpc.councils.convene(table(seats()));
    const minutes = await councilMinutes(db.prisma, fac, { id }, T0);
    const md = minutes.ok ? minutes.value.markdown : "";
    const head = md.slice(0, md.indexOf("## Context"));
    expect(head).toContain("**Step 0 — why this is a Round Table question:**");
    expect(head).toContain(`- **What will be done differently depending on the answer:** ${FIT.decision}`);
    expect(head).toContain(`- **Why these options:** ${FIT.options}`);
    expect(head).toContain(`- **What a wrong call costs:** ${FIT.stakes}`);

    // The log shows Step 0 beside each outcome: the imported worked example says it had none.
    const imported = await importState(db.prisma, fac, workedExample(), T0, { visibility: "public" });
    const importedId = imported.ok ? imported.value.id : 0;
    const rec = await councilMinutes(db.prisma, fac, { id: importedId }, T0);
    expect(rec.ok && rec.value.markdown).toContain(
      "**Step 0:** none — an imported record: the state file carries no answers to Step 0.",
    );
    const log = await listDecisions(db.prisma, fac);
    expect(log.ok && log.value.decisions.find((d) => d.councilId === importedId)).toMatchObject({
      decision: "adopt-modified",
      fit: null,
    });
    // A table that decides shows its three sentences beside the decision, over the JSON API too.
    const sure = (n: string, target: string) => modelSeat(n, steady("ship", 9, target));
    const decided = await convened(db, fac, table([sure("a", "b"), sure("b", "c"), sure("c", "a")]));
    for (let t = 0; t < 6 && !(await decidedYet(decided)); t++) await models(db, decided, T0 + t * MIN);
    const st = await councilState(db.prisma, fac, { id: decided }, T0 + 6 * MIN);
    expect(st.ok && st.value.status).toBe("decided: ship");
    const listed = await api(db.prisma, fac, { clock })("GET", "/api/decisions");
    expect(listed.body.decisions.find((d: { council_id: number }) => d.council_id === decided)).toMatchObject(
      { decision: "ship", how: "vote", fit: FIT },
    );
  });
});
