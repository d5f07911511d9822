// The body cap per operation, at every door over a real node:http server (the fast lane): a 5,000-node plan with
// 80-character titles is created and revised over the JSON API, tRPC and MCP (the SDK's own client), since create
// and revise take as much as their input's largest legal form; every other operation keeps the floor's small cap.
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fixedClock } from "../clock";
import { env } from "../env";
import { serveDoor, servePlain } from "../fast/lane";
import { door, jsonRpcCalls, plainDoor, trpcCalls } from "../http/door";
import type { Who } from "../identity";
import { OPERATIONS } from "../operations";
import { bodyCapOf, largestInput } from "../operations/size";
import { layeredNodes } from "../rules/checkpoint";
import { makeUser, testDatabase, type TestDatabase } from "../testing/db";
import { MCP_HEADERS, toolCall } from "../testing/doors";
import { listening, type Listening } from "../testing/served";
import { mcpReadCap, restBodyCap, trpcBodyCap } from "./caps";
import { mcpAnswer } from "./mcp/server";
import { dispatch } from "./rest/dispatch";
import { handleTrpc } from "./trpc/http";

const clock = fixedClock(Date.parse("2026-12-01T12:00:00Z"));
let db: TestDatabase;
let planner: Who;
let server: Listening;
let base = "";

beforeAll(async () => {
  db = await testDatabase();
  planner = await makeUser(db, "big-planner");
  // The three doors as server/doors/http.ts declares them, with this test's database and person.
  const floor = { db: db.prisma, resolveWho: () => ({ who: planner, badToken: false }) };
  const api = plainDoor((a) => dispatch(a, clock), { ...floor, bodyCap: restBodyCap });
  const mcp = plainDoor((a) => mcpAnswer(a, clock), { ...floor, calls: jsonRpcCalls, bodyCap: mcpReadCap });
  const trpc = door((a) => handleTrpc(a.req, a.db, a.who, clock, a.rateKey, a.address), {
    ...floor,
    calls: trpcCalls,
    bodyCap: trpcBodyCap,
  });
  server = await listening((req, res) => {
    if (req.url?.startsWith("/mcp")) servePlain(mcp, req, res);
    else if (req.url?.startsWith("/api/trpc")) void serveDoor(trpc, req, res, false, trpcBodyCap);
    else servePlain(api, req, res);
  });
  base = server.base;
});
afterAll(async () => {
  await server?.close();
  await db?.drop();
});

/** 5,000 nodes in 10 waves, 80-character titles, three prerequisites each. */
const bigGraph = (tag = "") => layeredNodes({ waves: 10, width: 500, titleLength: 80, tag });
const wire = (nodes: ReturnType<typeof bigGraph>) =>
  nodes.map(({ dependsOn, ...n }) => ({ ...n, depends_on: dependsOn }));

const post = (path: string, body: string) =>
  fetch(base + path, { method: "POST", headers: { "content-type": "application/json" }, body });

const FLOOR = () => env().PARLEY_BODY_MAX;

describe("the body cap, per operation", () => {
  it("is derived from the input schema for create and revise: far above a 5,000-node plan, and the floor elsewhere", () => {
    const create = bodyCapOf(OPERATIONS.plans.create, FLOOR());
    const revise = bodyCapOf(OPERATIONS.plans.revise, FLOOR());
    expect(create).toBe(largestInput(OPERATIONS.plans.create.input));
    expect(revise).toBe(largestInput(OPERATIONS.plans.revise.input));
    const plan = JSON.stringify({ name: "big", nodes: wire(bigGraph()) });
    expect(Buffer.byteLength(plan)).toBeGreaterThan(FLOOR());
    expect(revise).toBeGreaterThan(Buffer.byteLength(plan));
    expect(bodyCapOf(OPERATIONS.plans.postOutcome, FLOOR())).toBe(FLOOR());
    expect(bodyCapOf(OPERATIONS.tables.offer, FLOOR())).toBe(FLOOR());
  });

  it("the JSON API creates and revises a 5,000-node plan with titles in one request each", async () => {
    const body = JSON.stringify({ name: "Five thousand over the API", nodes: wire(bigGraph()) });
    const created = await post("/api/plans", body);
    expect(created.status).toBe(201);
    const { id, revision } = (await created.json()) as { id: number; revision: number };
    expect(revision).toBe(1);
    const revised = await post(
      `/api/plans/${id}/revisions`,
      JSON.stringify({
        parent: 1,
        nodes: wire(bigGraph("Revised. ")),
        rationale: "Every title says what the task is now.",
        evidence_refs: ["review 12"],
      }),
    );
    expect(revised.status).toBe(201);
    const written = (await revised.json()) as { number: number; changes: { retitled: unknown[] } };
    expect(written.number).toBe(2);
    expect(written.changes.retitled).toHaveLength(5_000);
    const state = (await (await fetch(`${base}/api/plans/${id}`)).json()) as { nodes: unknown[] };
    expect(state.nodes).toHaveLength(5_000);
  });

  it("tRPC creates and revises one, as the pages send it", async () => {
    const created = await post(
      "/api/trpc/plans.create",
      JSON.stringify({ json: { name: "Five thousand over tRPC", nodes: bigGraph() } }),
    );
    expect(created.status).toBe(200);
    const id = ((await created.json()) as { result: { data: { json: { id: number } } } }).result.data.json.id;
    const revised = await post(
      "/api/trpc/plans.revise",
      JSON.stringify({
        json: {
          planId: id,
          parent: 1,
          nodes: bigGraph("Again. "),
          rationale: "Retitled.",
          evidenceRefs: ["review 13"],
        },
      }),
    );
    expect(revised.status).toBe(200);
  });

  it("MCP creates and revises one through the SDK's own client", async () => {
    const client = new Client({ name: "bodycap-test", version: "1.0.0" });
    await client.connect(new StreamableHTTPClientTransport(new URL(`${base}/mcp/plans`)));
    try {
      const created = (await client.callTool({
        name: "create_plan",
        arguments: { name: "Five thousand over MCP", nodes: wire(bigGraph()) },
      })) as { isError?: boolean; content: { text: string }[] };
      expect(created.isError, created.content[0]?.text).toBeFalsy();
      const { id } = JSON.parse(created.content[0]!.text) as { id: number };
      const revised = (await client.callTool({
        name: "revise_plan",
        arguments: {
          plan_id: id,
          parent: 1,
          nodes: wire(bigGraph("Once more. ")),
          rationale: "Retitled.",
          evidence_refs: ["review 14"],
        },
      })) as { isError?: boolean; content: { text: string }[] };
      expect(revised.isError, revised.content[0]?.text).toBeFalsy();
    } finally {
      await client.close();
    }
  });

  it("every other operation keeps the small cap at each door, and create refuses past its own", async () => {
    const padded = JSON.stringify({
      node_id: "w0-n0",
      status: "success",
      evidence_hash: "x".repeat(FLOOR()),
    });
    const tooBig = {
      error: { code: "invalid", message: `The request body is larger than ${FLOOR()} bytes.` },
    };
    const rest = await post("/api/plans/1/outcomes", padded);
    expect([rest.status, await rest.json()]).toEqual([422, tooBig]);
    const trpc = await post("/api/trpc/plans.postOutcome", JSON.stringify({ json: JSON.parse(padded) }));
    expect(trpc.status).toBe(422);
    const mcp = await fetch(`${base}/mcp/plans`, {
      method: "POST",
      headers: MCP_HEADERS,
      body: JSON.stringify(toolCall("post_outcome", { plan_id: 1, ...JSON.parse(padded) })),
    });
    expect([mcp.status, await mcp.json()]).toEqual([422, tooBig]);

    const cap = bodyCapOf(OPERATIONS.plans.create, FLOOR());
    const huge = await post("/api/plans", JSON.stringify({ name: "x".repeat(cap) }));
    expect([huge.status, await huge.json()]).toEqual([
      422,
      { error: { code: "invalid", message: `The request body is larger than ${cap} bytes.` } },
    ]);
  });
});
