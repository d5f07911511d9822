// Whispers (game.md §12): a seat's private word to another seat, appended like an act but taking no turn. The rules
// judge it inside the transaction that writes it; a house bot that is whispered to answers in kind.
import { z } from "zod";
import type { Prisma } from "../../generated/prisma/client";
import type { Db } from "../../db";
import type { Who } from "../../identity";
import { wake } from "../../live";
import { publish, type Audience } from "../../live/outbox";
import {
  botWhisper,
  checkWhisper,
  publicGame,
  SAID_CLAIMS_MAX,
  SAID_MAX,
  SEATS_MAX,
  strategyOf,
  whisperLuck,
  WHISPERS_PER_SEAT,
} from "../../rules/game";
import { fail, ok, type Result } from "../../rules/result";
import { signedIn } from "../guard";
import { ruled } from "../input";
import { isUniqueViolation } from "../unique";
import { loadTable } from "./load";
import { seatOf, tableReadable } from "./seats";
import type { LoadedTable, SeatRow } from "./loaded";
import { ZClaim } from "./play";

export const ZWhisper = z
  .object({
    to: z
      .number()
      .int()
      .min(0)
      .max(SEATS_MAX - 1)
      .describe("the seat index you whisper to (not your own)"),
    text: ruled(z.string(), { maxLength: SAID_MAX }).optional().describe(`at most ${SAID_MAX} characters`),
    claims: ruled(z.array(ZClaim), { maxItems: SAID_CLAIMS_MAX })
      .optional()
      .describe("what you want, {clause, setting}; judged at the reveal"),
  })
  .strict();

export type WhisperAnswer = {
  /** The whisper's index in the table's whispers (in time order). */
  index: number;
  from: number;
  to: number;
  at: string;
  /** How many more this seat may send at this table. */
  left: number;
};

/** A whisper's live event reaches its two seats' holders only: no watcher, no other seat, no admin (§12). */
function whisperAudience(seats: (SeatRow | undefined)[]): Audience {
  return {
    users: seats.flatMap((s) => (s?.userId != null ? [s.userId] : [])),
    agents: seats.flatMap((s) => (s?.agentId != null ? [s.agentId] : [])),
    agentsOf: [],
    private: true,
  };
}

const LAST_ONE = fail(
  "conflict",
  `This seat has sent all ${WHISPERS_PER_SEAT} whispers a seat may send at one table.`,
);

/**
 * Appends one whisper from the seat `seatFor` names, checked against the table as read inside the transaction. The
 * table's row is locked first, so a binding act (which updates it) is either seen here or waits for this whisper
 * and then finds it (append.ts refuses to bind before a whisper's time). The lock is FOR NO KEY UPDATE, not FOR SHARE:
 * the whisper's row changes the table's stamp (an update of that row, by a trigger: load.ts), and two whispers that
 * each held the row shared and then each updated it would deadlock. Whispers at one table so take turns.
 *
 * Two whispers of one seat at once both read the same count, and the unique (table, seat, n) lets one in, once it has
 * committed. The other read a count that is no longer true, so it is judged again on the table as it now stands: it
 * lands on the next count, or is refused as any whisper past the seat's WHISPERS_PER_SEAT is. Each collision means
 * one more whisper of that seat went in, so no whisper is tried more than WHISPERS_PER_SEAT + 1 times.
 */
export async function appendWhisper(
  db: Db,
  tableId: number,
  seatFor: (loaded: LoadedTable) => Result<number>,
  raw: unknown,
  now: number,
  readable: (loaded: LoadedTable) => boolean,
): Promise<Result<WhisperAnswer & { toBot: boolean }>> {
  for (let tries = 0; tries <= WHISPERS_PER_SEAT; tries++) {
    const r = await appendOnce(db, tableId, seatFor, raw, now, readable);
    if (r !== COLLIDED) return r;
  }
  return fail("conflict", "Another whisper of yours went in at the same moment; send this one again.");
}

/** A whisper that lost the race for its count. */
const COLLIDED = Symbol("collided");

async function appendOnce(
  ...[db, tableId, seatFor, raw, now, readable]: Parameters<typeof appendWhisper>
): Promise<Result<WhisperAnswer & { toBot: boolean }> | typeof COLLIDED> {
  try {
    return await db.$transaction(async (tx) => {
      await tx.$queryRaw`SELECT id FROM "GameTable" WHERE id = ${tableId} FOR NO KEY UPDATE`;
      const loaded = await loadTable(tx, tableId);
      if (!loaded || !readable(loaded)) return fail("not_found", "There is no such table.");
      const game = loaded.game;
      if (!game) return fail("conflict", "The table has not started; whispers begin with the play.");
      const seat = seatFor(loaded);
      if (!seat.ok) return seat;
      const judged = checkWhisper(game, seat.value, raw, now);
      if (!judged.ok) return judged;
      const w = judged.value;
      const prior = game.whispers ?? [];
      const n = prior.filter((p) => p.from === w.from).length;
      await tx.whisper.create({
        data: {
          tableId,
          fromSeat: w.from,
          toSeat: w.to,
          n,
          text: w.text ?? null,
          claims: w.claims ? (w.claims as Prisma.InputJsonValue) : undefined,
          at: new Date(w.at),
        },
      });
      // Who whispered to whom is public (a sealed entry in every view); what was said is in no payload.
      await publish(tx, {
        topic: `table:${tableId}`,
        type: "whisper",
        payload: { tableId, from: w.from, to: w.to },
        audience: whisperAudience([loaded.seats[w.from], loaded.seats[w.to]]),
      });
      return ok({
        index: prior.length,
        from: w.from,
        to: w.to,
        at: new Date(w.at).toISOString(),
        left: WHISPERS_PER_SEAT - n - 1,
        toBot: !!loaded.seats[w.to]?.botName && !loaded.seats[w.from]?.botName,
      });
    });
  } catch (e) {
    // Two whispers of one seat racing for the same count: the unique (table, seat, n) lets one in; the CHECK on n
    // refuses a 25th.
    if (isUniqueViolation(e)) return COLLIDED;
    if (/Whisper_n_check/.test(String((e as Error)?.message))) return LAST_ONE;
    throw e;
  }
}

/** A seat whispers to another seat, through any door. */
export async function whisper(
  db: Db,
  who: Who,
  input: { tableId: number; body: z.output<typeof ZWhisper> },
  now: number,
): Promise<Result<WhisperAnswer>> {
  const signed = signedIn(who);
  if (!signed.ok) return signed;
  const id = input.tableId;
  const r = await appendWhisper(
    db,
    id,
    (loaded) => {
      const seat = seatOf(loaded.seats, who);
      return seat === null || loaded.seats[seat]!.status === "invited"
        ? fail("forbidden", "You hold no seat at this table.")
        : ok(seat);
    },
    input.body,
    now,
    (loaded) => tableReadable(loaded, who),
  );
  if (!r.ok) return r;
  const { toBot, ...answer } = r.value;
  if (toBot) await botAnswers(db, id, answer.to, answer.from, now);
  wake();
  return ok(answer);
}

/** A house bot answers a whisper with what its strategy tells in private, while it has whispers left. */
async function botAnswers(db: Db, tableId: number, bot: number, to: number, now: number): Promise<void> {
  const loaded = await loadTable(db, tableId);
  const seat = loaded?.seats[bot];
  if (!loaded?.game || !seat?.botName) return;
  const sent = (loaded.game.whispers ?? []).filter((w) => w.from === bot).length;
  if (sent >= WHISPERS_PER_SEAT) return;
  const luck = loaded.table.seed ? whisperLuck(loaded.table.seed, bot, sent) : undefined;
  // The bot reads what its seat can: the public record and the whispers between it and the sender.
  const reply = botWhisper({
    strategy: strategyOf(seat.botName),
    seat: bot,
    charge: loaded.game.charges[bot]!,
    game: publicGame(loaded.game),
    whispers: (loaded.game.whispers ?? []).filter(
      (w) => (w.from === bot && w.to === to) || (w.from === to && w.to === bot),
    ),
    to,
    luck: luck ?? new Uint8Array(32),
  });
  // A refusal (the table ended meanwhile, the bot's last whisper taken) leaves the bot silent, as it should.
  await appendWhisper(
    db,
    tableId,
    () => ok(bot),
    { to, ...reply },
    now,
    () => true,
  );
}
