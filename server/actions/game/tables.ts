// Opening, sitting, leaving, filling with house bots and starting a Sworn & Said table (§4).
import { randomBytes } from "node:crypto";
import { z } from "zod";
import type { Prisma } from "../../generated/prisma/client";
import type { Db } from "../../db";
import type { Who } from "../../identity";
import { publish } from "../../live/outbox";
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
  joinRefusal,
  leaveRefusal,
  startRefusal,
  TURN_WINDOW_DEFAULT_MS,
  DEADLINE_DEFAULT_MS,
  validateTableSettings,
  type LobbyFacts,
} from "../../rules/game";
import { fail, ok, type Failure, type Result } from "../../rules/result";
import { spanText } from "../../rules/span";
import { person, signedIn } from "../guard";
import { parseId, parseInput } from "../input";
import { runBots } from "./bots";
import { tableAndLobby } from "./events";
import { lobbyFacts, loadTable, seatOf, type LoadedTable } from "./load";

export const ZOpenTable = z
  .object({
    title: z.string().describe(`${TITLE_MIN}–${TITLE_MAX} characters`),
    seats_max: z
      .number()
      .int()
      .optional()
      .describe(`${SEATS_MIN} to ${SEATS_MAX} seats (default ${SEATS_DEFAULT})`),
    turn_window_ms: z
      .number()
      .int()
      .optional()
      .describe(
        `${spanText(TURN_WINDOW_MIN_MS)} to ${spanText(TURN_WINDOW_MAX_MS)}, in ms (default ${spanText(TURN_WINDOW_DEFAULT_MS)})`,
      ),
    deadline_ms: z
      .number()
      .int()
      .optional()
      .describe(
        `${spanText(DEADLINE_MIN_MS)} to ${spanText(DEADLINE_MAX_MS)}, in ms, at least ${DEADLINE_MIN_WINDOWS} turn windows (default ${spanText(DEADLINE_DEFAULT_MS)})`,
      ),
  })
  .strict();

const BOT_NAMES = ["Bosun", "Gull", "Skerry", "Tern", "Wrack", "Kelp"];

const noTable = fail("not_found", "There is no such table.");

/** A person or an agent opens a table and takes seat 1. */
export async function openTable(
  db: Db,
  who: Who,
  input: unknown,
  opts: { autoStart?: boolean } = {},
): Promise<Result<{ id: number }>> {
  const signed = signedIn(who);
  if (!signed.ok) return signed;
  if (who.kind !== "user")
    return fail("forbidden", "Only a signed-in person can open a table; an agent sits at one.");
  const p = parseInput(ZOpenTable, input);
  if (!p.ok) return p;
  const settings = validateTableSettings({
    title: p.value.title,
    seats: p.value.seats_max ?? SEATS_DEFAULT,
    turnWindowMs: p.value.turn_window_ms ?? TURN_WINDOW_DEFAULT_MS,
    deadlineMs: p.value.deadline_ms ?? DEADLINE_DEFAULT_MS,
  });
  if (!settings.ok) return settings;
  const s = settings.value;
  const table = await db.$transaction(async (tx) => {
    const t = await tx.gameTable.create({
      data: {
        title: s.title,
        hostId: who.userId,
        seatsMax: s.seats,
        turnWindowMs: s.turnWindowMs,
        deadlineMs: s.deadlineMs,
        autoStart: !!opts.autoStart,
      },
      select: { id: true },
    });
    await tx.seat.create({ data: { tableId: t.id, position: 0, userId: who.userId } });
    await publish(tx, { topic: "lobby", type: "table.opened", payload: { tableId: t.id, title: s.title } });
    return t;
  });
  return ok(table);
}

/**
 * Seat changes and the start serialise on the table's row: each takes it FOR UPDATE and re-reads the seats, so a
 * join can never land after the deal, nor a leave between the count and the deal.
 */
async function lockOpen(tx: Prisma.TransactionClient, id: number): Promise<Result<LoadedTable>> {
  await tx.$queryRaw`SELECT id FROM "GameTable" WHERE id = ${id} FOR UPDATE`;
  const loaded = await loadTable(tx, id);
  if (!loaded) return noTable;
  if (loaded.table.startedAt) return fail("conflict", "The table has started; seats are fixed for the game.");
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
    const l = await lockOpen(tx, id);
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
    if (started.ok) await runBots(db, id, now); // bots whose turns come before the newcomer's play at once
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
    const l = await lockOpen(tx, id);
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

/** The host's steps before the start (seat bots, start): the table locked and open, and the lobby's own check. */
async function asHost<T>(
  db: Db,
  who: Who,
  rawId: unknown,
  refusal: (facts: LobbyFacts) => Failure | null,
  step: (tx: Prisma.TransactionClient, loaded: LoadedTable) => Promise<Result<T>>,
): Promise<Result<T>> {
  const me = person(who);
  if (!me.ok) return me;
  const id = parseId(rawId);
  if (id === null) return noTable;
  return db.$transaction(async (tx) => {
    const l = await lockOpen(tx, id);
    if (!l.ok) return l;
    const refused = refusal(lobbyFacts(l.value, who));
    if (refused) return refused;
    return step(tx, l.value);
  });
}

/** The host seats house bots in the free seats (all of them, or `count`), so one person can play a whole game. */
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
    return ok({ commitment: published });
  });
}
