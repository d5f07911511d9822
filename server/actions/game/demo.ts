// The game's demo on an empty database: a table where three house bots wait for you, and the worked example
// of §10 as a finished table to browse.
import type { Database } from "../../db";
import { publish } from "../../live/outbox";
import { accountName, nameKey } from "../../names";
import { DEADLINE_DEFAULT_MS, TURN_WINDOW_DEFAULT_MS, WORKED_EXAMPLE, derive } from "../../rules/game";

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
    const waiting = await tx.gameTable.create({
      data: {
        title: "Three house bots wait for you",
        hostId: house.id,
        seatsMax: 4,
        turnWindowMs: TURN_WINDOW_DEFAULT_MS,
        deadlineMs: DEADLINE_DEFAULT_MS,
        autoStart: true,
      },
    });
    for (const [i, botName] of ["Bosun", "Gull", "Skerry"].entries())
      await tx.seat.create({ data: { tableId: waiting.id, position: i, botName } });
    await publish(tx, { topic: "lobby", type: "table.opened", payload: { tableId: waiting.id } });
  });
}
