// The turn's three acts — offer, accept, pass — by the seat `who` holds; house bots answer right after.
import { z } from "zod";
import type { Db } from "../../db";
import type { Who } from "../../identity";
import { wake } from "../../live";
import { CHARTER_CLAUSES, SAID_CLAIMS_MAX, SAID_MAX, type ProposedAct } from "../../rules/game";
import { fail, ok, type Result } from "../../rules/result";
import { signedIn } from "../guard";
import { ruled } from "../input";
import { appendAct } from "./append";
import { runBots } from "./bots";
import { seatOf, tableReadable } from "./seats";
import type { LoadedTable } from "./loaded";

export const ZClaim = z.object({ clause: z.string().max(64), setting: z.string().max(64) }).strict();
export const ZSaid = z
  .object({
    text: ruled(z.string(), { maxLength: SAID_MAX }).optional(),
    claims: ruled(z.array(ZClaim), { maxItems: SAID_CLAIMS_MAX }).optional(),
  })
  .strict()
  .describe(
    `cheap talk: free text (at most ${SAID_MAX} characters) and/or claims {clause, setting}, checked only at the reveal`,
  );

export const ZOffer = z
  .object({
    accord: ruled(z.record(z.string().max(64), z.string().max(64)), {
      minProperties: CHARTER_CLAUSES,
      maxProperties: CHARTER_CLAUSES,
    }).describe("one setting for every clause of the table's charter"),
    said: ZSaid.optional(),
  })
  .strict();
export const ZAccept = z
  .object({
    cite: ZClaim.optional().describe(
      "the aim of yours to swear (one of may.cite); default: the first in charter order",
    ),
    said: ZSaid.optional(),
  })
  .strict();
export const ZPass = z.object({ said: ZSaid.optional() }).strict();

type Schemas = { offer: typeof ZOffer; accept: typeof ZAccept; pass: typeof ZPass };
export type ActType = keyof Schemas;
/** An act's body as its operation's schema hands it over (parsed once, at the door). */
export type ActBody<T extends ActType> = z.output<Schemas[T]>;

export type ActAnswer = { seat: number; turn: number; type: ActType; status: string };

/** A seat's act through any door; the rules judge it inside the transaction that writes it. */
export async function act<T extends ActType>(
  db: Db,
  who: Who,
  type: T,
  input: { tableId: number; body?: ActBody<T> },
  now: number,
  /** The table as the floor read it ahead (load.ts `tableAhead`); undefined to read it here. */
  ahead?: LoadedTable | null,
): Promise<Result<ActAnswer>> {
  const signed = signedIn(who);
  if (!signed.ok) return signed;
  const id = input.tableId;
  const proposed = { type, ...input.body } as ProposedAct; // a pass may come without a body
  const r = await appendAct(
    db,
    id,
    (loaded) => {
      const seat = seatOf(loaded.seats, who);
      return seat === null ? fail("forbidden", "You hold no seat at this table.") : ok(seat);
    },
    proposed,
    now,
    (loaded) => tableReadable(loaded, who),
    ahead,
  );
  if (!r.ok) return r;
  wake(); // watchers see the act now, not at the tailer's next poll
  if (r.value.status === "playing" && r.value.botToAct && (await runBots(db, id, now))) wake();
  return ok({ seat: r.value.seat, turn: r.value.turn, type, status: r.value.status });
}
