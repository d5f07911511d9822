// An agent hosts a table (shared/spec/access.md, "Identities"), on a real database: it holds seat 1 as itself, its
// owner answers for the table and may act as its host but may not sit beside it, another agent of the owner is not
// the host, the agent's invitations follow its owner's consent, the visibility is the host's, and seating a model
// player stays a person's.
import { describe, expect, it } from "vitest";
import { createAgent, whoForToken } from "../agents";
import { MODEL_PEOPLE_ONLY } from "../../rules/game";
import { HOST_AGENT_OWN_INVITEE, ONE_IDENTITY } from "../../rules/access";
import type { Who } from "../../identity";
import { makeUser, type TestDatabase } from "../../testing/db";
import { databaseForFile } from "../../testing/lifecycle";
import { answerInvitation, listInvitations } from "../invitations";
import {
  fillWithBots,
  inviteToTable,
  joinTable,
  listTables,
  openTable,
  seatModel,
  setTableVisibility,
  startTable,
  tableState,
  withdrawTableInvitation,
} from "./index";

const NOW = Date.parse("2026-12-01T12:00:00Z");
let db: TestDatabase;
databaseForFile((made) => (db = made));

type Person = Extract<Who, { kind: "user" }>;
async function agentOf(owner: Person, name: string): Promise<Extract<Who, { kind: "agent" }>> {
  const a = await createAgent(db.prisma, owner, { name });
  if (!a.ok) throw new Error(a.message);
  return (await whoForToken(db.prisma, a.value.token)) as Extract<Who, { kind: "agent" }>;
}

/** An owner, the agent that opens a table (4 seats), and another agent of the same owner. */
async function agentTable(tag: string, visibility?: "invited") {
  const owner = await makeUser(db, `${tag}-owner`);
  const host = await agentOf(owner, `${tag}-scout`);
  const sibling = await agentOf(owner, `${tag}-other`);
  const opened = await openTable(db.prisma, host, { title: `${tag} table`, seatsMax: 4, visibility });
  if (!opened.ok) throw new Error(opened.message);
  return { owner, host, sibling, id: opened.value.id };
}

const state = async (who: Who, id: number) => {
  const s = await tableState(db.prisma, who, { tableId: id }, NOW);
  if (!s.ok) throw new Error(s.message);
  return s.value;
};

describe("an agent hosts a table", () => {
  it("takes seat 1 as itself; its owner acts as host but may not sit; another agent of theirs is not the host", async () => {
    const { owner, host, sibling, id } = await agentTable("seat");
    const asHost = await state(host, id);
    expect(asHost).toMatchObject({
      host: { id: host.agentId, name: "seat-scout", kind: "agent" },
      youHost: true,
    });
    expect(asHost.yourSeat).toBe(0);
    expect(asHost.seats[0]).toMatchObject({ name: "seat-scout", kind: "agent" });
    const row = await db.prisma.gameTable.findUniqueOrThrow({ where: { id } });
    expect(row).toMatchObject({ hostId: owner.userId, hostAgentId: host.agentId });
    // One identity per person: the agent sits for its owner.
    expect(await joinTable(db.prisma, owner, { tableId: id }, NOW)).toEqual(ONE_IDENTITY("person"));
    expect(await joinTable(db.prisma, sibling, { tableId: id }, NOW)).toEqual(ONE_IDENTITY("agent"));
    // The owner answers for the table: they act as its host.
    expect((await state(owner, id)).youHost).toBe(true);
    expect(await fillWithBots(db.prisma, owner, { tableId: id, count: 1 })).toEqual({
      ok: true,
      value: { seated: 1 },
    });
    // An agent acts as itself: the owner's other agent is not the host.
    expect((await state(sibling, id)).youHost).toBe(false);
    expect(await fillWithBots(db.prisma, sibling, { tableId: id })).toMatchObject({
      ok: false,
      code: "forbidden",
      message: "Only the host seats house bots.",
    });
    expect(await startTable(db.prisma, sibling, { tableId: id }, NOW)).toMatchObject({
      ok: false,
      code: "forbidden",
    });
    // Seating a model player spends the server's keys: the owner (a person) may; the agent host may not.
    expect(await seatModel(db.prisma, host, { tableId: id, body: { provider: "scripted" } })).toEqual(
      MODEL_PEOPLE_ONLY,
    );
    expect(await seatModel(db.prisma, owner, { tableId: id, body: { provider: "scripted" } })).toMatchObject({
      ok: true,
      value: { seat: 2 },
    });
    expect(await fillWithBots(db.prisma, host, { tableId: id })).toEqual({ ok: true, value: { seated: 1 } });
    expect(await startTable(db.prisma, host, { tableId: id }, NOW)).toMatchObject({ ok: true });
    const lobby = await listTables(db.prisma, owner, NOW);
    expect(lobby.ok && lobby.value.tables.find((t) => t.id === id)).toMatchObject({
      host: "seat-scout",
      hostKind: "agent",
      status: "playing",
    });
  });

  it("invites as its owner's: the owner and their agents are refused (it sits for them), anyone else says yes", async () => {
    const { owner, host, sibling, id } = await agentTable("invite");
    const invite = (body: object) => inviteToTable(db.prisma, host, { tableId: id, body }, NOW);
    expect(await invite({ person: owner.name })).toEqual(HOST_AGENT_OWN_INVITEE);
    expect(await invite({ agent: sibling.agentId })).toEqual(HOST_AGENT_OWN_INVITEE);
    const guest = await makeUser(db, "invite-guest");
    expect(await invite({ person: guest.name })).toMatchObject({
      ok: true,
      value: { seat: 1, status: "invited", invitee: "invite-guest" },
    });
    const waiting = await listInvitations(db.prisma, guest);
    expect(waiting.ok && waiting.value.invitations).toEqual([
      expect.objectContaining({ kind: "table", id, from: "agent invite-scout", seat: "1" }),
    ]);
    const note = await db.prisma.notification.findFirstOrThrow({
      where: { recipient: `user:${guest.userId}` },
    });
    expect(note.text).toBe("You are invited to a seat at the table “invite table”, from agent invite-scout.");
    // An unanswered invitation holds the start; the agent host withdraws it, and the seat is free again.
    const stranger = await makeUser(db, "invite-stranger");
    const strangers = await agentOf(stranger, "invite-far");
    expect(await invite({ agent: strangers.agentId })).toMatchObject({ ok: true, value: { seat: 2 } });
    expect(await withdrawTableInvitation(db.prisma, sibling, { tableId: id, seat: 2 })).toMatchObject({
      ok: false,
      code: "forbidden",
    });
    expect(await withdrawTableInvitation(db.prisma, host, { tableId: id, seat: 2 })).toEqual({
      ok: true,
      value: { withdrawn: true },
    });
    expect(await answerInvitation(db.prisma, guest, { kind: "table", id }, true, NOW)).toMatchObject({
      ok: true,
    });
    expect((await state(host, id)).seats.map((s) => [s.name, s.status])).toEqual([
      ["invite-scout", "taken"],
      ["invite-guest", "taken"],
    ]);
  });

  it("sets the visibility as the host; a stranger then finds no table, its owner still does", async () => {
    const { owner, host, sibling, id } = await agentTable("visible");
    const stranger = await makeUser(db, "visible-stranger");
    expect(
      await setTableVisibility(db.prisma, stranger, { tableId: id, visibility: "invited" }),
    ).toMatchObject({
      ok: false,
      code: "forbidden",
    });
    expect(await setTableVisibility(db.prisma, host, { tableId: id, visibility: "invited" })).toEqual({
      ok: true,
      value: { visibility: "invited" },
    });
    expect(await tableState(db.prisma, stranger, { tableId: id }, NOW)).toMatchObject({
      ok: false,
      code: "not_found",
    });
    expect((await state(owner, id)).visibility).toBe("invited");
    expect((await state(sibling, id)).visibility).toBe("invited");
    expect(await setTableVisibility(db.prisma, owner, { tableId: id, visibility: "public" })).toMatchObject({
      ok: true,
    });
    expect((await state(stranger, id)).host).toMatchObject({ name: "visible-scout", kind: "agent" });
  });
});
