// Opening, sitting, leaving, filling with house bots and starting a Sworn & Said table (§4).
import { randomBytes } from "node:crypto";
import { z } from "zod";
import type { Prisma } from "../../generated/prisma/client";
import type { Db } from "../../db";
import type { Who } from "../../identity";
import { publish } from "../../live/outbox";
import { enqueue } from "../../jobs/queue";
import {
  SEATS_DEFAULT,
  SEATS_MAX,
  SEATS_MIN,
  TITLE_MAX,
  TITLE_MIN,
  TURN_WINDOW_MAX_MS,
  TURN_WINDOW_MIN_MS,
  DEADLINE_MAX_MS,
  DEADLINE_MIN_MS,
  DEADLINE_MIN_WINDOWS,
  commitment,
  deal,
  fillRefusal,
  guestRefusal,
  HOUSE_BOTS,
  joinRefusal,
  leaveRefusal,
  startRefusal,
  TURN_WINDOW_DEFAULT_MS,
  DEADLINE_DEFAULT_MS,
  validateTableSettings,
  inviteRefusal,
  noticesAtStart,
  type LobbyFacts,
} from "../../rules/game";
import {
  HOST_AGENT_OWN_INVITEE,
  INVITED_SENTENCE,
  ONE_IDENTITY,
  VISIBILITIES,
  visibilityRefusal,
  type Visibility,
} from "../../rules/access";
import { answersFor, personOf, resolveInvitee, tellInvitee } from "../access";
import { fail, ok, type Failure, type Result } from "../../rules/result";
import { spanText } from "../../rules/span";
import { signedIn } from "../guard";
import { parseId, parseInput, ruled, ZOneLine } from "../input";
import { isUniqueViolation } from "../unique";
import { runBots } from "./bots";
import { renewWaitingTable } from "./demo";
import { tableAndLobby } from "./events";
import {
  hostLabel,
  hostsTable,
  lobbyFacts,
  loadTable,
  seatOf,
  tableReadable,
  type LoadedTable,
} from "./load";
import { tellSeats } from "./notices";

export const ZOpenTable = z
  .object({
    title: ruled(ZOneLine, { minLength: TITLE_MIN, maxLength: TITLE_MAX }).describe(
      `${TITLE_MIN}–${TITLE_MAX} characters, one line`,
    ),
    seats_max: ruled(z.number().int(), { minimum: SEATS_MIN, maximum: SEATS_MAX })
      .optional()
      .describe(`${SEATS_MIN} to ${SEATS_MAX} seats (default ${SEATS_DEFAULT})`),
    turn_window_ms: ruled(z.number().int(), { minimum: TURN_WINDOW_MIN_MS, maximum: TURN_WINDOW_MAX_MS })
      .optional()
      .describe(
        `${spanText(TURN_WINDOW_MIN_MS)} to ${spanText(TURN_WINDOW_MAX_MS)}, in ms (default ${spanText(TURN_WINDOW_DEFAULT_MS)})`,
      ),
    deadline_ms: ruled(z.number().int(), { minimum: DEADLINE_MIN_MS, maximum: DEADLINE_MAX_MS })
      .optional()
      .describe(
        `${spanText(DEADLINE_MIN_MS)} to ${spanText(DEADLINE_MAX_MS)}, in ms, at least ${DEADLINE_MIN_WINDOWS} turn windows (default ${spanText(DEADLINE_DEFAULT_MS)})`,
      ),
    visibility: z
      .enum(VISIBILITIES)
      .optional()
      .describe(
        "who may read it: public (default: anyone), signed_in (anyone signed in), invited (members only)",
      ),
  })
  .strict();

const BOT_NAMES = HOUSE_BOTS.map((b) => b.name);

const noTable = fail("not_found", "There is no such table.");

const INPUT_FIELD: Record<string, string> = {
  seats: "seats_max",
  turnWindowMs: "turn_window_ms",
  deadlineMs: "deadline_ms",
};

/**
 * A person or an agent opens a table and takes seat 1 (shared/spec/access.md, "Identities": an agent may host, so a
 * table of agents needs no person in a browser). An agent's table is its owner's to answer for: hostId is the owner,
 * hostAgentId the agent, and the seat the agent's own.
 */
export async function openTable(
  db: Db,
  who: Who,
  input: unknown,
  opts: { autoStart?: boolean } = {},
): Promise<Result<{ id: number }>> {
  const signed = signedIn(who);
  if (!signed.ok) return signed;
  const me = signed.value;
  const p = parseInput(ZOpenTable, input);
  if (!p.ok) return p;
  const settings = validateTableSettings({
    title: p.value.title,
    seats: p.value.seats_max ?? SEATS_DEFAULT,
    turnWindowMs: p.value.turn_window_ms ?? TURN_WINDOW_DEFAULT_MS,
    deadlineMs: p.value.deadline_ms ?? DEADLINE_DEFAULT_MS,
  });
  // The rules name their own fields; the caller's are the input's.
  if (!settings.ok)
    return settings.field ? { ...settings, field: INPUT_FIELD[settings.field] ?? settings.field } : settings;
  const s = settings.value;
  const table = await db.$transaction(async (tx) => {
    const t = await tx.gameTable.create({
      data: {
        title: s.title,
        hostId: me.kind === "user" ? me.userId : me.ownerId,
        hostAgentId: me.kind === "agent" ? me.agentId : null,
        seatsMax: s.seats,
        turnWindowMs: s.turnWindowMs,
        deadlineMs: s.deadlineMs,
        autoStart: !!opts.autoStart,
        visibility: p.value.visibility ?? "public",
      },
      select: { id: true },
    });
    await tx.seat.create({
      data: {
        tableId: t.id,
        position: 0,
        userId: me.kind === "user" ? me.userId : null,
        agentId: me.kind === "agent" ? me.agentId : null,
      },
    });
    // The lobby hears of a table its viewers may read; the event filter asks the table itself.
    await publish(tx, { topic: "lobby", type: "table.opened", payload: { tableId: t.id, title: s.title } });
    return t;
  });
  return ok(table);
}

/**
 * Seat changes and the start serialise on the table's row: each takes it FOR UPDATE and re-reads the seats, so a
 * join can never land after the deal, nor a leave between the count and the deal.
 */
async function lockOpen(tx: Prisma.TransactionClient, id: number, who: Who): Promise<Result<LoadedTable>> {
  const loaded = await lockTable(tx, id, who);
  if (!loaded.ok) return loaded;
  if (loaded.value.table.startedAt)
    return fail("conflict", "The table has started; seats are fixed for the game.");
  return loaded;
}

/** The table's row locked and read, if `who` may read it at all (else: there is no such table). */
async function lockTable(tx: Prisma.TransactionClient, id: number, who: Who): Promise<Result<LoadedTable>> {
  await tx.$queryRaw`SELECT id FROM "GameTable" WHERE id = ${id} FOR UPDATE`;
  const loaded = await loadTable(tx, id);
  if (!loaded || !tableReadable(loaded, who)) return noTable;
  return ok(loaded);
}

/** Take a free seat (one per person or agent per table); a house table starts itself when its last seat fills. */
export async function joinTable(
  db: Db,
  who: Who,
  input: { id: unknown },
  now: number,
): Promise<Result<{ seat: number }>> {
  const signed = signedIn(who);
  if (!signed.ok) return signed;
  const name = signed.value.name;
  const id = parseId(input.id);
  if (id === null) return noTable;
  const r = await db.$transaction(async (tx) => {
    const l = await lockOpen(tx, id, who);
    if (!l.ok) return l;
    const { table, seats } = l.value;
    const refused = joinRefusal(lobbyFacts(l.value, who));
    if (refused) return refused;
    await tx.seat.create({
      data: {
        tableId: table.id,
        position: (seats.at(-1)?.position ?? -1) + 1,
        userId: who.kind === "user" ? who.userId : null,
        agentId: who.kind === "agent" ? who.agentId : null,
      },
    });
    await publish(
      tx,
      ...tableAndLobby(table.id, "seat.joined", {
        seat: seats.length,
        name,
        kind: who.kind === "agent" ? "agent" : "person",
      }),
    );
    return ok({
      seat: seats.length,
      full: seats.length + 1 >= table.seatsMax && table.autoStart,
      host: { id: table.hostId, name: table.host.name },
    });
  });
  if (!r.ok) return r;
  if (r.value.full) {
    const host = { kind: "user" as const, userId: r.value.host.id, name: r.value.host.name, admin: false };
    const started = await startTable(db, host, { id }, now);
    if (started.ok) {
      await runBots(db, id, now); // bots whose turns come before the newcomer's play (after their pause)
      await renewWaitingTable(db, r.value.host.id);
    }
  }
  return ok({ seat: r.value.seat });
}

/** Give a seat up before the start. The host keeps seat 1: a table is theirs until it starts. */
export async function leaveTable(db: Db, who: Who, input: { id: unknown }): Promise<Result<{ left: true }>> {
  const signed = signedIn(who);
  if (!signed.ok) return signed;
  const name = signed.value.name;
  const id = parseId(input.id);
  if (id === null) return noTable;
  return db.$transaction(async (tx) => {
    const l = await lockOpen(tx, id, who);
    if (!l.ok) return l;
    const { table, seats } = l.value;
    const refused = leaveRefusal(lobbyFacts(l.value, who));
    if (refused) return refused;
    const index = seatOf(seats, who)!;
    await tx.seat.delete({ where: { id: seats[index]!.id } });
    await publish(tx, ...tableAndLobby(table.id, "seat.left", { seat: index, name }));
    return ok({ left: true as const });
  });
}

/**
 * The host's steps before the start (seat bots, start): the table locked and open, and the lobby's own check, which
 * says who may ask (a person or an agent for most steps; a person for a model player).
 */
export async function asHost<T>(
  db: Db,
  who: Who,
  rawId: unknown,
  refusal: (facts: LobbyFacts) => Failure | null,
  step: (tx: Prisma.TransactionClient, loaded: LoadedTable) => Promise<Result<T>>,
): Promise<Result<T>> {
  if (who.kind === "anon") return guestRefusal(refusal);
  const id = parseId(rawId);
  if (id === null) return noTable;
  return db.$transaction(async (tx) => {
    const l = await lockOpen(tx, id, who);
    if (!l.ok) return l;
    const refused = refusal(lobbyFacts(l.value, who));
    if (refused) return refused;
    return step(tx, l.value);
  });
}

/** The host seats house bots in the free seats (all of them, or `count`), so one person or agent plays a whole game. */
export async function fillWithBots(
  db: Db,
  who: Who,
  input: { id: unknown; count?: unknown },
): Promise<Result<{ seated: number }>> {
  return asHost(db, who, input.id, fillRefusal, async (tx, { table, seats }) => {
    const free = table.seatsMax - seats.length;
    const count = input.count === undefined || input.count === null ? free : input.count;
    if (typeof count !== "number" || !Number.isInteger(count) || count < 1 || count > free)
      return fail("invalid", `Seat from 1 to ${free} bot${free === 1 ? "" : "s"}.`);
    const used = new Set(seats.map((s) => s.botName));
    const names = BOT_NAMES.filter((n) => !used.has(n)).slice(0, count);
    let position = (seats.at(-1)?.position ?? -1) + 1;
    for (const botName of names)
      await tx.seat.create({ data: { tableId: table.id, position: position++, botName } });
    await publish(tx, ...tableAndLobby(table.id, "seat.joined", { bots: names }));
    return ok({ seated: names.length });
  });
}

/**
 * The host starts: a fresh 256-bit seed (kept secret until the reveal), its SHA-256 published as the commitment,
 * the charter and every charge dealt from it, the seat order fixed, the clock started — in one transaction.
 */
export async function startTable(
  db: Db,
  who: Who,
  input: { id: unknown },
  now: number,
): Promise<Result<{ commitment: string }>> {
  return asHost(db, who, input.id, startRefusal, async (tx, { table, seats }) => {
    const id = table.id;
    const seed = randomBytes(32).toString("hex");
    const dealt = deal(seed, seats.length);
    const published = commitment(seed);
    await tx.gameTable.update({
      where: { id },
      data: { startedAt: new Date(now), seed, commitment: published, charter: dealt.charter },
    });
    for (const [i, s] of seats.entries())
      await tx.seat.update({ where: { id: s.id }, data: { charge: dealt.charges[i]! } });
    await publish(tx, ...tableAndLobby(id, "table.started", { commitment: published }));
    const game = {
      seats: seats.length,
      charter: dealt.charter,
      charges: dealt.charges,
      startedAt: now,
      turnWindowMs: table.turnWindowMs,
      deadlineMs: table.deadlineMs,
      acts: [],
    };
    await tellSeats(tx, { table, seats }, game, noticesAtStart(game), now);
    if (seats[0]?.modelProvider) await enqueue(tx, "model", { tableId: id });
    return ok({ commitment: published });
  });
}

/** The host changes who may read the table (at any moment: a finished table may be published, say). */
export async function setTableVisibility(
  db: Db,
  who: Who,
  input: { id: unknown; visibility: unknown },
): Promise<Result<{ visibility: Visibility }>> {
  const signed = signedIn(who);
  if (!signed.ok) return signed;
  const id = parseId(input.id);
  if (id === null) return noTable;
  return db.$transaction(async (tx) => {
    const l = await lockTable(tx, id, who);
    if (!l.ok) return l;
    const refused = visibilityRefusal(
      { owner: hostsTable(l.value.table, who), ownerWord: "host" },
      input.visibility,
    );
    if (refused) return refused;
    const visibility = input.visibility as Visibility;
    await tx.gameTable.update({ where: { id }, data: { visibility } });
    await publish(tx, ...tableAndLobby(id, "table.visibility", { visibility }));
    return ok({ visibility });
  });
}

export const ZInvite = z
  .object({
    person: z.string().trim().max(80).optional().describe("the person's account name"),
    agent: z
      .union([z.number().int().positive(), z.string().trim().max(120)])
      .optional()
      .describe("the agent's id (its owner answers for it, unless it is yours)"),
  })
  .strict();

/**
 * The host invites a person or an agent to a free seat before the start. The seat is `invited` and holds its
 * place until the invitee (or the agent's owner) accepts; declining frees it. The answer is the same whether or
 * not the account exists (see resolveInvitee). An agent host invites as its owner's: the owner and their agents are
 * the inviter's own (no consent asked), and refused, since the agent sits for them (one identity per person).
 */
export async function inviteToTable(
  db: Db,
  who: Who,
  input: { id: unknown; body: unknown },
  now: number,
): Promise<Result<{ seat: number; status: "invited"; invitee: string; message: string }>> {
  const signed = signedIn(who);
  if (!signed.ok) return signed;
  const id = parseId(input.id);
  if (id === null) return noTable;
  const p = parseInput(ZInvite, input.body ?? {});
  if (!p.ok) return p;
  try {
    return await db.$transaction(async (tx) => {
      const l = await lockOpen(tx, id, who);
      if (!l.ok) return l;
      const refused = inviteRefusal(lobbyFacts(l.value, who));
      if (refused) return refused;
      const named = await resolveInvitee(tx, personOf(who)!, p.value);
      if (!named.ok) return named;
      const n = named.value;
      const { table, seats } = l.value;
      // What the host can see already (their own seat, a name at the table) is said plainly; nothing else is.
      // The host's person sits (the host, or the agent that hosts): anyone of theirs would be a second identity.
      if (!n.consent) return who.kind === "agent" ? HOST_AGENT_OWN_INVITEE : ONE_IDENTITY("person");
      if (
        seats.some(
          (s) => (s.invitee ?? s.user?.name) === n.label || (n.userId !== null && s.userId === n.userId),
        )
      )
        return fail("conflict", `${n.label} already holds or is invited to a seat here.`);
      if (n.agentId !== null && seats.some((s) => s.agentId === n.agentId))
        return fail("conflict", "That agent already holds or is invited to a seat here.");
      const position = (seats.at(-1)?.position ?? -1) + 1;
      const invitedSeat = await tx.seat.create({
        data: {
          tableId: table.id,
          position,
          userId: n.userId,
          agentId: n.agentId,
          status: "invited",
          invitee: n.label,
        },
        select: { id: true },
      });
      await publish(tx, ...tableAndLobby(table.id, "seat.invited", { seat: seats.length, name: n.label }));
      await tellInvitee(
        tx,
        n,
        "invitation.received",
        { tableId: table.id, title: table.title, from: hostLabel(table) },
        {
          what: `a seat at the table “${table.title}”, from ${hostLabel(table)}`,
          once: `invitation:seat:${invitedSeat.id}`,
          now,
        },
      );
      return ok({
        seat: seats.length,
        status: "invited" as const,
        invitee: n.label,
        message: INVITED_SENTENCE(n.label),
      });
    });
  } catch (e) {
    if (isUniqueViolation(e))
      return fail("conflict", "That seat or invitee was taken a moment ago; read the table again.");
    throw e;
  }
}

/** The host withdraws an invitation nobody answered, which frees its seat. */
export async function withdrawTableInvitation(
  db: Db,
  who: Who,
  input: { id: unknown; seat: unknown },
): Promise<Result<{ withdrawn: true }>> {
  const signed = signedIn(who);
  if (!signed.ok) return signed;
  const id = parseId(input.id);
  if (id === null) return noTable;
  return db.$transaction(async (tx) => {
    const l = await lockOpen(tx, id, who);
    if (!l.ok) return l;
    if (!hostsTable(l.value.table, who)) return fail("forbidden", "Only the host withdraws an invitation.");
    const seat = typeof input.seat === "number" ? l.value.seats[input.seat] : undefined;
    if (!seat || seat.status !== "invited") return fail("conflict", "That seat holds no open invitation.");
    await tx.seat.delete({ where: { id: seat.id } });
    await publish(tx, ...tableAndLobby(id, "seat.withdrawn", { seat: input.seat as number }));
    await tellInvitee(tx, seat, "invitation.withdrawn", { tableId: id });
    return ok({ withdrawn: true as const });
  });
}

/**
 * The invitee answers: yes takes the seat (one identity per person: refused if their person sits already as
 * another identity), no frees it. A person answers for their own agents' invitations too.
 */
export async function answerTableInvitation(
  db: Db,
  who: Who,
  input: { id: unknown; agentId?: unknown; accept: boolean },
): Promise<Result<{ seat: number | null; status: "taken" | "declined" }>> {
  const signed = signedIn(who);
  if (!signed.ok) return signed;
  const id = parseId(input.id);
  if (id === null) return noTable;
  return db.$transaction(async (tx) => {
    const l = await lockOpen(tx, id, who);
    if (!l.ok) return l;
    const { seats } = l.value;
    const agentId = input.agentId === undefined || input.agentId === null ? null : parseId(input.agentId);
    const index = seats.findIndex(
      (s) =>
        s.status === "invited" &&
        (agentId === null || s.agentId === agentId) &&
        answersFor(who, { userId: s.userId, agentId: s.agentId, agentOwnerId: s.agent?.ownerId ?? null }),
    );
    if (index < 0) return fail("not_found", "You have no open invitation at this table.");
    const seat = seats[index]!;
    if (!input.accept) {
      await tx.seat.delete({ where: { id: seat.id } });
      await publish(tx, ...tableAndLobby(id, "seat.declined", { seat: index, name: seat.invitee ?? "" }));
      return ok({ seat: null, status: "declined" as const });
    }
    const p = personOf(who)!;
    const other = seats.some((s, i) => i !== index && (s.userId === p || s.agent?.ownerId === p));
    if (other) return ONE_IDENTITY(who.kind === "agent" ? "agent" : "person");
    await tx.seat.update({ where: { id: seat.id }, data: { status: "taken", invitee: null } });
    const name = seat.user?.name ?? seat.agent?.name ?? seat.invitee ?? "";
    await publish(
      tx,
      ...tableAndLobby(id, "seat.joined", { seat: index, name, kind: seat.agentId ? "agent" : "person" }),
    );
    return ok({ seat: index, status: "taken" as const });
  });
}
