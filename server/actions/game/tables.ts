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
  noticesAtStart,
  type LobbyFacts,
} from "../../rules/game";
import { VISIBILITIES } from "../../rules/access";
import { fail, ok, type Failure, type Result } from "../../rules/result";
import { spanText } from "../../rules/span";
import { signedIn } from "../guard";
import { ruled, ZOneLine } from "../input";
import { runBots } from "./bots";
import { renewWaitingTable } from "./demo";
import { tableAndLobby } from "./events";
import { seatOf } from "./seats";
import { lobbyFacts } from "./lobbyFacts";
import type { LoadedTable } from "./loaded";
import { tellSeats } from "./notices";
import { lockOpen } from "./lock";

export const ZOpenTable = z
  .object({
    title: ruled(ZOneLine, { minLength: TITLE_MIN, maxLength: TITLE_MAX }).describe(
      `${TITLE_MIN}–${TITLE_MAX} characters, one line`,
    ),
    seatsMax: ruled(z.number().int(), { minimum: SEATS_MIN, maximum: SEATS_MAX })
      .optional()
      .describe(`${SEATS_MIN} to ${SEATS_MAX} seats (default ${SEATS_DEFAULT})`),
    turnWindowMs: ruled(z.number().int(), { minimum: TURN_WINDOW_MIN_MS, maximum: TURN_WINDOW_MAX_MS })
      .optional()
      .describe(
        `${spanText(TURN_WINDOW_MIN_MS)} to ${spanText(TURN_WINDOW_MAX_MS)}, in ms (default ${spanText(TURN_WINDOW_DEFAULT_MS)})`,
      ),
    deadlineMs: ruled(z.number().int(), { minimum: DEADLINE_MIN_MS, maximum: DEADLINE_MAX_MS })
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

const INPUT_FIELD: Record<string, string> = { seats: "seatsMax" };

/**
 * A person or an agent opens a table and takes seat 1 (shared/spec/access.md, "Identities": an agent may host, so a
 * table of agents needs no person in a browser). An agent's table is its owner's to answer for: hostId is the owner,
 * hostAgentId the agent, and the seat the agent's own.
 */
/** A table's settings as its operation's schema hands them over (parsed once, at the door). */
export type OpenTableInput = z.output<typeof ZOpenTable>;

export async function openTable(
  db: Db,
  who: Who,
  input: OpenTableInput,
  opts: { autoStart?: boolean } = {},
): Promise<Result<{ id: number }>> {
  const signed = signedIn(who);
  if (!signed.ok) return signed;
  const me = signed.value;
  const settings = validateTableSettings({
    title: input.title,
    seats: input.seatsMax ?? SEATS_DEFAULT,
    turnWindowMs: input.turnWindowMs ?? TURN_WINDOW_DEFAULT_MS,
    deadlineMs: input.deadlineMs ?? DEADLINE_DEFAULT_MS,
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
        visibility: input.visibility ?? "public",
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

/** Take a free seat (one per person or agent per table); a house table starts itself when its last seat fills. */
export async function joinTable(
  db: Db,
  who: Who,
  input: { tableId: number },
  now: number,
): Promise<Result<{ seat: number }>> {
  const signed = signedIn(who);
  if (!signed.ok) return signed;
  const name = signed.value.name;
  const id = input.tableId;
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
    const started = await startTable(db, host, { tableId: id }, now);
    if (started.ok) {
      await runBots(db, id, now); // bots whose turns come before the newcomer's play (after their pause)
      await renewWaitingTable(db, r.value.host.id);
    }
  }
  return ok({ seat: r.value.seat });
}

/** Give a seat up before the start. The host keeps seat 1: a table is theirs until it starts. */
export async function leaveTable(
  db: Db,
  who: Who,
  input: { tableId: number },
): Promise<Result<{ left: true }>> {
  const signed = signedIn(who);
  if (!signed.ok) return signed;
  const name = signed.value.name;
  const id = input.tableId;
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
  id: number,
  refusal: (facts: LobbyFacts) => Failure | null,
  step: (tx: Prisma.TransactionClient, loaded: LoadedTable) => Promise<Result<T>>,
): Promise<Result<T>> {
  if (who.kind === "anon") return guestRefusal(refusal);
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
  input: { tableId: number; count?: unknown },
): Promise<Result<{ seated: number }>> {
  return asHost(db, who, input.tableId, fillRefusal, async (tx, { table, seats }) => {
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
  input: { tableId: number },
  now: number,
): Promise<Result<{ commitment: string }>> {
  return asHost(db, who, input.tableId, startRefusal, async (tx, { table, seats }) => {
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
