// The game's demo on an empty database: a table where three house bots wait for you, and the worked example
// of §10 as a finished table to browse.
import type { Database, Db } from "../../db";
import { publish } from "../../live/outbox";
import { accountName, nameKey } from "../../names";
import {
  DEADLINE_DEFAULT_MS,
  HOUSE_BOTS,
  TURN_WINDOW_DEFAULT_MS,
  WORKED_EXAMPLE,
  derive,
} from "../../rules/game";

/** The house account hosts demo tables; it has no password, so nobody signs in as it. */
export async function houseUser(db: Database) {
  const house = accountName("harbourmaster");
  return db.prisma.user.upsert({ where: { nameKey: house.nameKey }, update: {}, create: house });
}

export async function seedGameDemo(db: Database): Promise<void> {
  const house = await houseUser(db);
  const example = WORKED_EXAMPLE.game;
  const people: { id: number }[] = [];
  for (const name of WORKED_EXAMPLE.names)
    people.push(
      await db.prisma.user.upsert({
        where: { nameKey: nameKey(name) },
        update: {},
        create: accountName(name),
      }),
    );
  const bound = derive(example);
  await db.prisma.$transaction(async (tx) => {
    const worked = await tx.gameTable.create({
      data: {
        title: "The worked example: the wreck of the Fathom",
        hostId: people[0]!.id,
        seatsMax: example.seats,
        turnWindowMs: example.turnWindowMs,
        deadlineMs: example.deadlineMs,
        createdAt: new Date(example.startedAt - 60_000),
        startedAt: new Date(example.startedAt),
        charter: example.charter,
        finishedAt: new Date(bound.boundAt ?? example.startedAt),
        outcome: bound.status,
      },
    });
    for (const [i, p] of people.entries())
      await tx.seat.create({
        data: { tableId: worked.id, position: i, userId: p.id, charge: example.charges[i]! },
      });
    for (const [turn, a] of example.acts.entries())
      await tx.act.create({
        data: {
          tableId: worked.id,
          turn,
          seat: turn % example.seats,
          type: a.type,
          by: a.type === "pass" && a.by === "clock" ? "clock" : "seat",
          accord: a.type === "offer" ? a.accord : undefined,
          cite: a.type === "accept" ? a.cite : undefined,
          said: a.said ?? undefined,
          at: new Date(a.at),
        },
      });
    await createWaitingTable(tx, house.id);
  });
}

type Tx = Parameters<Parameters<Db["$transaction"]>[0]>[0];

/** The house's open table: three bots, one of each character, waiting for a fourth seat to start by itself. */
async function createWaitingTable(tx: Tx, houseId: number): Promise<void> {
  const waiting = await tx.gameTable.create({
    data: {
      title: WAITING_TITLE,
      hostId: houseId,
      seatsMax: 4,
      turnWindowMs: TURN_WINDOW_DEFAULT_MS,
      deadlineMs: DEADLINE_DEFAULT_MS,
      autoStart: true,
    },
  });
  // Bosun, Gull and Skerry: a cooperative bot, a bluffer and a hard bargainer.
  for (const [i, bot] of HOUSE_BOTS.slice(0, 3).entries())
    await tx.seat.create({ data: { tableId: waiting.id, position: i, botName: bot.name } });
  await publish(tx, { topic: "lobby", type: "table.opened", payload: { tableId: waiting.id } });
}

export const WAITING_TITLE = "Three house bots wait for you";

/**
 * When the house's waiting table fills and starts, a fresh one opens, so a newcomer always finds one. Only on a
 * database with the demo (the house account exists), and only while no other house table waits.
 */
export async function renewWaitingTable(db: Db, startedHostId: number): Promise<void> {
  const house = await db.user.findUnique({
    where: { nameKey: nameKey("harbourmaster") },
    select: { id: true },
  });
  if (!house || house.id !== startedHostId) return;
  const waiting = await db.gameTable.count({
    where: { hostId: house.id, autoStart: true, startedAt: null, outcome: null },
  });
  if (waiting === 0) await db.$transaction((tx) => createWaitingTable(tx, house.id));
}
