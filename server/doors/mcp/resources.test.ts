// MCP resources (issue 48 point 3), through the SDK's own Client: the templates; the rules as /rules.md says them; a
// Round Table's minutes listed to and read by who may read them and to nobody else, as the JSON API answers them;
// an address with nothing there is MCP's resource-not-found error.
import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { convene } from "../../actions/council";
import { modelSeat, table } from "../../actions/council/testing";
import { fixedClock } from "../../clock";
import { ANON, type Who } from "../../identity";
import { makeUser, testDatabase, type TestDatabase } from "../../testing/db";
import { api, mcpClient } from "../../testing/doors";
import { rulesMarkdown } from "../../../app/rules/markdown";

const NOW = Date.parse("2026-12-01T12:00:00Z");
const clock = fixedClock(NOW);
let db: TestDatabase;
let facilitator: Who;
let councilId = 0;
const clients: Client[] = [];

beforeAll(async () => {
  db = await testDatabase();
  facilitator = await makeUser(db, "resources-facilitator");
  // Invited (not public): only its facilitator and seats may read it.
  const c = await convene(
    db.prisma,
    facilitator,
    table([modelSeat("north"), modelSeat("south"), modelSeat("east")], { visibility: "invited" }),
    NOW,
  );
  if (!c.ok) throw new Error(c.message);
  councilId = c.value.id;
});
afterAll(async () => {
  await Promise.all(clients.map((c) => c.close()));
  await db?.drop();
});

async function client(who: Who) {
  const c = await mcpClient(db.prisma, who, clock);
  clients.push(c);
  return c;
}

describe("MCP resources", () => {
  it("lists the templates: a table's record, a council's minutes, a plan's declaration and audit", async () => {
    const { resourceTemplates } = await (await client(ANON)).listResourceTemplates();
    expect(resourceTemplates.map((t) => t.uriTemplate)).toEqual([
      "parley://tables/{table_id}/record",
      "parley://councils/{council_id}/minutes",
      "parley://plans/{plan_id}/declaration",
      "parley://plans/{plan_id}/audit",
    ]);
    for (const t of resourceTemplates) expect(t.title).toBeTruthy();
  });

  it("the rules, to anyone, as /rules.md says them", async () => {
    const guest = await client(ANON);
    expect((await guest.listResources()).resources.map((r) => r.uri)).toContain("parley://rules");
    const { contents } = await guest.readResource({ uri: "parley://rules" });
    expect(contents).toEqual([{ uri: "parley://rules", mimeType: "text/markdown", text: rulesMarkdown() }]);
  });

  it("a council's minutes: listed to and read by its facilitator as the JSON API answers; to a guest, neither", async () => {
    const uri = `parley://councils/${councilId}/minutes`;
    const own = await client(facilitator);
    expect((await own.listResources()).resources.map((r) => r.uri)).toContain(uri);
    const { contents } = await own.readResource({ uri });
    const rest = await api(db.prisma, facilitator, { clock })("GET", `/api/councils/${councilId}/minutes`);
    expect(contents[0]).toMatchObject({ uri, mimeType: "text/markdown", text: rest.body.markdown });

    const guest = await client(ANON);
    expect((await guest.listResources()).resources.map((r) => r.uri)).not.toContain(uri);
    await expect(guest.readResource({ uri })).rejects.toMatchObject({ code: -32002 });
  });

  it("an address with nothing there is resource-not-found, with one sentence", async () => {
    const guest = await client(ANON);
    await expect(guest.readResource({ uri: "parley://tables/999999/record" })).rejects.toMatchObject({
      code: -32002,
    });
    await expect(guest.readResource({ uri: "parley://elsewhere" })).rejects.toThrow(
      /resources\/templates\/list/,
    );
  });
});
