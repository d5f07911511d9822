// Reading a table from the database into the rules' shape: the table, its seats in order, and the Game.
import type { Prisma } from "../../generated/prisma/client";
import type { Db } from "../../db";
import type { Who } from "../../identity";
import type { Charge, Game } from "../../rules/game";

type Client = Db | Prisma.TransactionClient;

export type SeatRow = {
  id: number;
  position: number;
  userId: number | null;
  agentId: number | null;
  botName: string | null;
  charge: unknown;
  user: { name: string } | null;
  agent: { name: string; ownerId: number } | null;
};

export type LoadedTable = {
  table: {
    id: number;
    title: string;
    hostId: number;
    host: { name: string };
    seatsMax: number;
    turnWindowMs: number;
    deadlineMs: number;
    createdAt: Date;
    startedAt: Date | null;
    seed: string | null;
    commitment: string | null;
    charter: unknown;
    finishedAt: Date | null;
    outcome: string | null;
    autoStart: boolean;
  };
  /** In the order of sitting; a seat's index in this array is its seat index in the rules. */
  seats: SeatRow[];
  /** The rules' Game, once started. */
  game: Game | null;
};

export async function loadTable(db: Client, id: number): Promise<LoadedTable | null> {
  const table = await db.gameTable.findUnique({
    where: { id },
    select: {
      id: true,
      title: true,
      hostId: true,
      host: { select: { name: true } },
      seatsMax: true,
      turnWindowMs: true,
      deadlineMs: true,
      createdAt: true,
      startedAt: true,
      seed: true,
      commitment: true,
      charter: true,
      finishedAt: true,
      outcome: true,
      autoStart: true,
      seats: {
        orderBy: { position: "asc" },
        select: {
          id: true,
          position: true,
          userId: true,
          agentId: true,
          botName: true,
          charge: true,
          user: { select: { name: true } },
          agent: { select: { name: true, ownerId: true } },
        },
      },
    },
  });
  if (!table) return null;
  const { seats, ...rest } = table;
  let game: Game | null = null;
  if (rest.startedAt) {
    const acts = await db.act.findMany({ where: { tableId: id }, orderBy: { turn: "asc" } });
    game = {
      seats: seats.length,
      charter: rest.charter as string[],
      charges: seats.map((s) => s.charge as Charge),
      startedAt: rest.startedAt.getTime(),
      turnWindowMs: rest.turnWindowMs,
      deadlineMs: rest.deadlineMs,
      acts: acts.map((a) => {
        const at = a.at.getTime();
        const said = a.said
          ? { said: a.said as { text?: string; claims?: { clause: string; setting: string }[] } }
          : {};
        if (a.type === "offer")
          return { type: "offer" as const, accord: a.accord as Record<string, string>, ...said, at };
        if (a.type === "accept")
          return {
            type: "accept" as const,
            ...(a.cite ? { cite: a.cite as { clause: string; setting: string } } : {}),
            ...said,
            at,
          };
        return { type: "pass" as const, ...said, ...(a.by === "clock" ? { by: "clock" as const } : {}), at };
      }),
    };
  }
  return { table: rest, seats, game };
}

/** The seat index `who` holds at this table, or null (a person's agent is a different player). */
export function seatOf(seats: SeatRow[], who: Who): number | null {
  const i = seats.findIndex((s) =>
    who.kind === "user" ? s.userId === who.userId : who.kind === "agent" ? s.agentId === who.agentId : false,
  );
  return i < 0 ? null : i;
}

export type Holder = { index: number; name: string; kind: "person" | "agent" | "bot" };

export function holders(seats: SeatRow[]): Holder[] {
  return seats.map((s, index) => ({
    index,
    name: s.user?.name ?? s.agent?.name ?? s.botName ?? `seat ${index + 1}`,
    kind: s.botName ? "bot" : s.agentId ? "agent" : "person",
  }));
}
