// The access tests' shared builders, on a real database: every kind of viewer, what each may read per visibility,
// a table of each visibility played to the reveal, the live events about a subject, an agent's seat at a round table.
import { afterAll, beforeAll, expect } from "vitest";
import { fixedClock } from "../clock";
import { ANON, type Who } from "../identity";
import type { LiveEvent } from "../live";
import { makeUser, testDatabase, type TestDatabase } from "./db";
import { agentOf, T0, type Person } from "../actions/council/testing";
import { fillWithBots, inviteToTable, openTable, startTable } from "../actions/game";
import { answerInvitation } from "../actions/invitations";
import { callTool, mcpClient } from "./doors";

export const clock = fixedClock(T0);
export let db: TestDatabase;

/** A throwaway database for the file that calls this, with room in the rate limit for every door's calls. */
export function useAccessDatabase(): void {
  beforeAll(async () => {
    process.env.PARLEY_RATE_LIMIT = "1000000";
    db = await testDatabase();
  });
  afterAll(async () => db?.drop());
}

export const VISIBILITIES = ["public", "signed_in", "invited"] as const;
export type Viewer = "guest" | "stranger" | "member" | "admin" | "owner's agent" | "stranger's agent";

/** Who reads what: the expected answer per visibility and viewer (true: it reads; false: not_found). */
export const READS: Record<(typeof VISIBILITIES)[number], Record<Viewer, boolean>> = {
  public: {
    guest: true,
    stranger: true,
    member: true,
    admin: true,
    "owner's agent": true,
    "stranger's agent": true,
  },
  signed_in: {
    guest: false,
    stranger: true,
    member: true,
    admin: true,
    "owner's agent": true,
    "stranger's agent": true,
  },
  invited: {
    guest: false,
    stranger: false,
    member: true,
    admin: true,
    "owner's agent": true,
    "stranger's agent": false,
  },
};

export async function viewers(tag: string, owner: Person, member: Person): Promise<Record<Viewer, Who>> {
  const stranger = await makeUser(db, `${tag}-stranger`);
  const admin = { ...(await makeUser(db, `${tag}-admin`)), admin: true };
  return {
    guest: ANON,
    stranger,
    member,
    admin,
    "owner's agent": (await agentOf(db, owner, `${tag}-owners-agent`)).who,
    "stranger's agent": (await agentOf(db, stranger, `${tag}-strangers-agent`)).who,
  };
}

/** The events written about a subject, as the live feed hands them to a follower. */
export async function eventsOf(
  topic: string,
  id: number,
  key: "tableId" | "councilId",
): Promise<LiveEvent[]> {
  const rows = await db.prisma.event.findMany({ orderBy: { id: "asc" } });
  return rows
    .filter(
      (r) => r.topic === topic || (r.topic === "lobby" && (r.payload as Record<string, unknown>)[key] === id),
    )
    .map((r) => ({
      id: String(r.id),
      txid: String(r.txid),
      topic: r.topic,
      type: r.type,
      payload: r.payload,
      at: r.createdAt.toISOString(),
    }));
}

/** A started table of `visibility`, hosted by host, seated by member and two bots, played out to the reveal. */
export async function tableOf(tag: string, visibility: (typeof VISIBILITIES)[number]) {
  const host = await makeUser(db, `${tag}-host`);
  const member = await makeUser(db, `${tag}-member`);
  const opened = await openTable(db.prisma, host, { title: `${tag} table`, seatsMax: 4, visibility });
  if (!opened.ok) throw new Error(opened.message);
  const id = opened.value.id;
  // The member is invited (an invited table lets in nobody else), and says yes.
  expect(
    await inviteToTable(db.prisma, host, { tableId: id, body: { person: member.name } }, T0),
  ).toMatchObject({
    ok: true,
  });
  expect(await answerInvitation(db.prisma, member, { kind: "table", id }, true, T0)).toMatchObject({
    ok: true,
  });
  expect(await fillWithBots(db.prisma, host, { tableId: id })).toMatchObject({ ok: true });
  expect(await startTable(db.prisma, host, { tableId: id }, T0)).toMatchObject({ ok: true });
  return { id, host, member };
}

/** What a tRPC call answers: "reads", or the code it is refused with. */
export const trpcAnswer = (call: Promise<unknown>): Promise<string> =>
  call.then(
    () => "reads",
    (e: { code: string }) => e.code,
  );

/** What an MCP tool answers `viewer`: "reads", or the failure code its text opens with. */
export async function toolAnswer(viewer: Who, tool: string, args: Record<string, unknown>): Promise<string> {
  const mcp = await mcpClient(db.prisma, viewer, clock);
  const answer = await callTool(mcp, tool, args);
  await mcp.close();
  return answer.isError ? answer.text.split(":")[0]! : "reads";
}

export const agentSeat = (name: string, agent: number) => ({
  name,
  soul: `The ${name} persona file.`,
  source: "uploaded" as const,
  wearer: "agent" as const,
  agent,
});
