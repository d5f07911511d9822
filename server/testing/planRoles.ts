// The plan-roles door tests' shared builders, on a real database: one identity of every kind (each role, the owner,
// an admin, the owner's agent, a revoked token, a suspended person), a plan they share, and one call of an operation
// at each door (JSON API, MCP, tRPC) answered as "ok" or a failure's code.
import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { afterAll, beforeAll } from "vitest";
import { createAgent, revokeAgent, whoForToken } from "../actions/agents";
import { suspendAccount } from "../actions/moderation";
import { assignRole, createPlan, postOutcome } from "../actions/checkpoint";
import { answerInvitation } from "../actions/invitations";
import { fixedClock } from "../clock";
import { door, plainDoor, webDoor } from "../http/door";
import { ANON, type Who } from "../identity";
import { OPERATIONS } from "../operations";
import type { AnyOperation } from "../operations/operation";
import { snake } from "../operations/wire";
import { FAILURE_CODES, type FailureCode } from "../rules/result";
import { api, BASE, callTool, mcpClient } from "./doors";
import { makeUser, testDatabase, type TestDatabase } from "./db";
import { mcpAnswer } from "../doors/mcp/server";
import { pathParams } from "../doors/rest/generate";
import { createCaller } from "../doors/trpc";
import { handleTrpc } from "../doors/trpc/http";

export const NOW = Date.parse("2026-12-01T12:00:00Z");
export const clock = fixedClock(NOW);
export const P = OPERATIONS.plans;

export let db: TestDatabase;
export type Person = Who & { kind: "user" };
export let owner: Person;
export let ownerAgent: Who;
export let revokedToken: string;
export let suspendedToken: string;
export let suspendedUserId: number;
export const people: Record<string, Person> = {};

/** A throwaway database for the file that calls this: the owner, a person in each role, an admin, the owner's
 * agent, a revoked token and a suspended person with their agent; MCP clients closed at the end. */
export function usePlanRolesDatabase(): void {
  beforeAll(async () => {
    process.env.PARLEY_RATE_LIMIT = "1000000";
    db = await testDatabase();
    owner = await makeUser(db, "pr-owner");
    for (const role of [
      "approver",
      "authority",
      "resources",
      "operator",
      "viewer",
      "invitee",
      "stranger",
      "extra",
    ])
      people[role] = await makeUser(db, `pr-${role}`);
    people.admin = { ...(await makeUser(db, "pr-admin")), admin: true };
    const made = await createAgent(db.prisma, owner, { name: "pr-orchestrator" });
    if (!made.ok) throw new Error(made.message);
    ownerAgent = (await whoForToken(db.prisma, made.value.token))!;
    const gone = await createAgent(db.prisma, owner, { name: "pr-revoked" });
    if (!gone.ok) throw new Error(gone.message);
    revokedToken = gone.value.token;
    await revokeAgent(db.prisma, owner, { id: gone.value.id });
    // A person a moderator suspended, with an agent: its token is refused like a revoked one, its session is nobody.
    const banned = await makeUser(db, "pr-suspended");
    const bannedAgent = await createAgent(db.prisma, banned, { name: "pr-suspended-agent" });
    if (!bannedAgent.ok) throw new Error(bannedAgent.message);
    suspendedToken = bannedAgent.value.token;
    suspendedUserId = banned.userId;
    const s = await suspendAccount(db.prisma, people.admin!, { account: banned.name, reason: "a test" }, NOW);
    if (!s.ok) throw new Error(s.message);
  });
  afterAll(async () => {
    for (const c of clients.values()) await c.close();
    await db?.drop();
  });
}

export function value<T>(r: { ok: true; value: T } | { ok: false; message: string }): T {
  if (!r.ok) throw new Error(r.message);
  return r.value;
}

/**
 * The plan every row of the table is asked about: invited, a then b (b needs approval), a reported, so the
 * checkpoint between them is proposed; each role given to its person, who accepts it; the invitee invited to be an
 * approver, with no answer yet.
 */
export async function fixture(name = "Roles"): Promise<number> {
  const id = value(
    await createPlan(
      db.prisma,
      owner,
      {
        name,
        nodes: [
          { id: "a", dependsOn: [] },
          { id: "b", dependsOn: ["a"], needsApproval: true },
        ],
      },
      new Date(NOW),
    ),
  ).id;
  value(
    await postOutcome(
      db.prisma,
      owner,
      { planId: id, nodeId: "a", status: "success", evidenceHash: "h" },
      new Date(NOW),
    ),
  );
  for (const role of ["approver", "authority", "resources", "operator", "viewer"] as const) {
    value(
      await assignRole(db.prisma, owner, { planId: id, role, person: people[role]!.name }, new Date(NOW)),
    );
    value(await answerInvitation(db.prisma, people[role]!, { kind: "plan", id }, true, NOW));
  }
  value(
    await assignRole(
      db.prisma,
      owner,
      { planId: id, role: "approver", person: people.invitee!.name },
      new Date(NOW),
    ),
  );
  return id;
}

export const STATUS_CODE = Object.fromEntries(
  Object.entries(FAILURE_CODES).map(([c, s]) => [s, c]),
) as Record<number, FailureCode>;
export type Answer = "ok" | FailureCode;

/** Keys in snake_case all the way down, as the JSON API and MCP take them (these inputs hold no verbatim document). */
export const wire = (v: unknown): unknown =>
  Array.isArray(v)
    ? v.map(wire)
    : v && typeof v === "object"
      ? Object.fromEntries(Object.entries(v).map(([k, x]) => [snake(k), wire(x)]))
      : v;

export async function viaRest(op: AnyOperation, who: Who, input: Record<string, unknown>): Promise<Answer> {
  const rest = op.rest!;
  const body = wire(input) as Record<string, unknown>;
  let path = rest.path;
  for (const p of pathParams(rest.path)) {
    path = path.replace(`:${p}`, String(body[p]));
    delete body[p];
  }
  if (rest.method === "GET")
    path += `?${new URLSearchParams(Object.entries(body).map(([k, v]) => [k, String(v)])).toString()}`;
  const r = await api(db.prisma, who, { clock })(rest.method, path, rest.method === "GET" ? undefined : body);
  return r.status < 300 ? "ok" : STATUS_CODE[r.status]!;
}

export const clients = new Map<Who, Client>();
export async function viaMcp(op: AnyOperation, who: Who, input: Record<string, unknown>): Promise<Answer> {
  let client = clients.get(who);
  if (!client) clients.set(who, (client = await mcpClient(db.prisma, who, clock, "/mcp/plans")));
  const r = await callTool(client, op.mcp!.tool, wire(input) as Record<string, unknown>).catch(
    (e: { code?: unknown }) => e,
  );
  // A guest's call of a tool for the signed-in is refused as HTTP 401, before any tool runs.
  if (!("text" in r)) {
    if (r.code === 401) return "signin_required";
    throw r;
  }
  return r.isError ? (r.text.split(": ")[0] as FailureCode) : "ok";
}
export async function viaTrpc(op: AnyOperation, who: Who, input: Record<string, unknown>): Promise<Answer> {
  const caller = createCaller({ db: db.prisma, who, clock }) as any;
  const [module, key] = op.name.split(".") as [string, string];
  return caller[module][key](input).then(
    () => "ok" as const,
    (e: any) => e.cause?.failure ?? e.code,
  );
}

/** A revoked token at every door: each door's own floor resolves the token (as the app's routes do) and refuses it. */
export async function revokedAt(
  doorName: "rest" | "mcp" | "trpc",
  op: AnyOperation,
  planId: number,
  token = revokedToken,
): Promise<number> {
  const resolveRevoked = async () => {
    const who = await whoForToken(db.prisma, token);
    return who ? { who, badToken: false } : { who: ANON, badToken: true };
  };
  const opts = { db: db.prisma, resolveWho: resolveRevoked, allowedHosts: ["parley.test"] };
  const headers = {
    host: "parley.test",
    "content-type": "application/json",
    authorization: `Bearer ${token}`,
  };
  if (doorName === "mcp") {
    const handler = webDoor(plainDoor((a) => mcpAnswer(a, clock), opts));
    const message = {
      jsonrpc: "2.0",
      id: 1,
      method: "tools/call",
      params: { name: op.mcp!.tool, arguments: { plan_id: planId } },
    };
    const res = await handler(
      new Request(`${BASE}/mcp`, {
        method: "POST",
        headers: { ...headers, accept: "application/json, text/event-stream" },
        body: JSON.stringify(message),
      }),
    );
    return res.status;
  }
  if (doorName === "trpc") {
    const handler = door((a) => handleTrpc(a.req, a.db, a.who, clock, a.rateKey), opts);
    const input = encodeURIComponent(JSON.stringify({ json: { planId } }));
    const res = await handler(
      op.kind === "read"
        ? new Request(`${BASE}/api/trpc/${op.name}?input=${input}`, { headers })
        : new Request(`${BASE}/api/trpc/${op.name}`, {
            method: "POST",
            headers,
            body: JSON.stringify({ json: { planId } }),
          }),
    );
    return res.status;
  }
  const r = await api(db.prisma, ANON, { clock, badToken: (await resolveRevoked()).badToken })(
    op.rest!.method,
    op.rest!.path.replace(":plan_id", String(planId)),
    op.rest!.method === "GET" ? undefined : {},
  );
  return r.status;
}

/** Every kind of identity the tables of these tests ask about. */
export type Identity =
  | "guest"
  | "stranger"
  | "approver"
  | "authority"
  | "resources"
  | "operator"
  | "viewer"
  | "invitee"
  | "owner"
  | "admin"
  | "ownerAgent";
/** Every identity, in the order of the tables. */
export const IDENTITIES: Identity[] = [
  "guest",
  "stranger",
  "invitee",
  "approver",
  "authority",
  "resources",
  "operator",
  "viewer",
  "owner",
  "admin",
  "ownerAgent",
];
/** The caller an identity names. */
export const whoIs = (i: Identity): Who =>
  i === "guest" ? ANON : i === "owner" ? owner : i === "ownerAgent" ? ownerAgent : people[i]!;

/** Those who read the plan: the invitee too (to decide whether to say yes), though it may do nothing else. */
export const readers: Identity[] = [
  "invitee",
  "approver",
  "authority",
  "resources",
  "operator",
  "viewer",
  "owner",
  "admin",
  "ownerAgent",
];
/** The gated wave of the shared plan: revision 1, "b" next. */
export const wave = (planId: number) => ({ planId, revision: 1, nextWave: ["b"] });
