// Reading round tables: the list, and one table for its viewer — the clock's due writes made on read, idempotently.
import type { Db } from "../../db";
import type { Prisma } from "../../generated/prisma/client";
import type { Visibility } from "../../rules/access";
import { readableBy } from "../access";
import type { Who } from "../../identity";
import { ok, type Result } from "../../rules/result";
import { NO_COUNCIL } from "./common";
import { loadCurrent } from "./current";
import { councilReadable } from "./load";
import { LIVE_DEMO, renewLiveDemo } from "./demo";
import { viewOf, type CouncilView } from "./view";

export async function councilState(
  db: Db,
  who: Who,
  input: { id: number },
  now: number,
): Promise<Result<CouncilView>> {
  const l = await loadCurrent(db, input.id, now, who);
  // A round table the viewer may not read does not exist for them: the same answer as an id nobody used.
  if (!l || !councilReadable(l, who)) return NO_COUNCIL;
  return ok(viewOf(l, who, now));
}

export type CouncilSummary = {
  id: number;
  question: string;
  options: string[];
  facilitator: string;
  seats: number;
  status: "open" | "decided" | "escalated" | "record" | "cancelled";
  /** The round open now, or null. */
  round: number | null;
  outcome: string | null;
  createdAt: string;
  closedAt: string | null;
  imported: boolean;
  demo: boolean;
  visibility: Visibility;
  /** The viewer facilitates it or wears a seat at it. */
  yours: boolean;
  /** The viewer's seat owes the open round an answer. */
  yourTurn: boolean;
};

/** The round tables `who` may read, as a query: the visibility's own rule (server/rules/access.ts) in SQL. */
export function readableCouncils(who: Who): Prisma.CouncilWhereInput {
  return readableBy(who, "facilitatorId");
}

/** A live demo that has been handed on to a fresh one (renewLiveDemo renames its key to live-<id>). */
export const notRetiredDemo: Prisma.CouncilWhereInput = {
  OR: [{ demo: null }, { NOT: { demo: { startsWith: `${LIVE_DEMO}-` } } }],
};

/** Every round table, newest first: in deliberation, decided, escalated, imported records. */
export async function listCouncils(
  db: Db,
  who: Who,
  now: number,
): Promise<Result<{ councils: CouncilSummary[] }>> {
  // A newcomer's visit is what hands a finished live demo on to a fresh one (nothing happens without a demo).
  await renewLiveDemo(db, now);
  const rows = await db.council.findMany({
    // A live demo handed on is still at its address, but the list shows only the current one: they do not pile up.
    where: { AND: [readableCouncils(who), notRetiredDemo] },
    orderBy: { id: "desc" },
    take: 200,
    select: {
      id: true,
      question: true,
      options: true,
      facilitatorId: true,
      facilitator: { select: { name: true } },
      createdAt: true,
      closedAt: true,
      outcome: true,
      stateId: true,
      demo: true,
      visibility: true,
      seats: {
        select: { id: true, userId: true, agentId: true, wearer: true, emptiedAt: true, consent: true },
      },
      rounds: { where: { closedAt: null }, select: { round: true } },
      answers: { select: { seatId: true, round: true } },
    },
  });
  return ok({
    councils: rows.map((c) => {
      const mine = c.seats.find(
        (s) =>
          s.consent === null &&
          (who.kind === "user"
            ? s.wearer === "person" && s.userId === who.userId
            : who.kind === "agent"
              ? s.wearer === "agent" && s.agentId === who.agentId
              : false),
      );
      const round = c.rounds[0]?.round ?? null;
      return {
        id: c.id,
        question: c.question,
        options: Array.isArray(c.options) ? (c.options as string[]) : [],
        facilitator: c.facilitator.name,
        seats: c.seats.length,
        status:
          c.outcome === "decided"
            ? "decided"
            : c.outcome === "escalated"
              ? "escalated"
              : c.outcome === "cancelled"
                ? "cancelled"
                : c.stateId !== null
                  ? "record"
                  : "open",
        round,
        outcome: c.outcome,
        createdAt: c.createdAt.toISOString(),
        closedAt: c.closedAt?.toISOString() ?? null,
        imported: c.stateId !== null,
        demo: c.demo !== null,
        visibility: c.visibility as Visibility,
        yours: (who.kind === "user" && who.userId === c.facilitatorId) || mine !== undefined,
        yourTurn:
          mine !== undefined &&
          !mine.emptiedAt &&
          round !== null &&
          !c.answers.some((a) => a.seatId === mine.id && a.round === round),
      };
    }),
  });
}
