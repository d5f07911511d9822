// Reading a round table from the database into the rules' shape: the council, its seats, rounds, answers and verdicts.
import type { Prisma } from "../../generated/prisma/client";
import type { Db } from "../../db";
import type { Who } from "../../identity";
import type {
  Aggregator,
  Answer,
  Council,
  Fit,
  Progress,
  RoundNumber,
  RoundRecord,
  VerdictRecord,
} from "../../rules/council";

import { mayRead } from "../../rules/access";
import { hideReplyProse, replyProse } from "../../rules/council/hidden";
import { HIDDEN_TEXT, hiddenParts } from "../../rules/moderation";
import type { ModerationRow } from "../moderation/view";
import { personOf } from "../access";

export type Client = Db | Prisma.TransactionClient;

const SELECT = {
  id: true,
  question: true,
  fit: true,
  context: true,
  options: true,
  aggregator: true,
  valuesKeywords: true,
  facilitatorId: true,
  facilitator: { select: { name: true } },
  roundDeadlineMs: true,
  axes: true,
  axesAt: true,
  axesSource: true,
  axesDraft: true,
  axesDraftBy: true,
  stateId: true,
  demo: true,
  createdAt: true,
  closedAt: true,
  outcome: true,
  visibility: true,
  members: { select: { userId: true } },
  seats: {
    orderBy: { position: "asc" },
    select: {
      id: true,
      position: true,
      name: true,
      soul: true,
      soulSource: true,
      sourceLabel: true,
      wearer: true,
      userId: true,
      agentId: true,
      provider: true,
      model: true,
      baseUrl: true,
      script: true,
      emptiedAt: true,
      emptiedRound: true,
      emptiedReason: true,
      consent: true,
      invitee: true,
      user: { select: { name: true } },
      agent: { select: { name: true, ownerId: true, revokedAt: true } },
    },
  },
  rounds: { orderBy: { round: "asc" } },
  answers: { orderBy: { id: "asc" } },
  failures: { orderBy: { id: "asc" } },
  calls: { orderBy: { id: "asc" } },
  verdicts: { orderBy: { afterRound: "asc" }, include: { confirmedBy: { select: { name: true } } } },
  ruling: { include: { by: { select: { name: true } } } },
} satisfies Prisma.CouncilSelect;

type Row = Prisma.CouncilGetPayload<{ select: typeof SELECT }>;
export type SeatRow = Row["seats"][number];
export type RoundRow = Row["rounds"][number];
export type AnswerRow = Row["answers"][number];
export type FailureRow = Row["failures"][number];
export type CallRow = Row["calls"][number];
export type VerdictRow = Row["verdicts"][number];

export type LoadedCouncil = Omit<
  Row,
  "options" | "valuesKeywords" | "axes" | "aggregator" | "fit" | "axesDraft"
> & {
  /** A model's draft of round 3's axes, asked for by the facilitator; null until then. */
  axesDraft: string[] | null;
  /** Step 0's three answers; null for an imported record (or one convened before they were asked). */
  fit: Fit | null;
  options: string[];
  valuesKeywords: string[];
  axes: string[] | null;
  aggregator: Aggregator;
  /** A record imported from a state file: read-only, nobody wears its seats. */
  imported: boolean;
  /** The moderation log's acts about this round table, oldest first; what a hidden text said is kept for admins. */
  moderation: ModerationRow[];
};

/** Step 0's answers as stored, or null when there are none. */
export function fitOf(v: unknown): Fit | null {
  if (v === null || typeof v !== "object") return null;
  const o = v as Record<string, unknown>;
  const said = (k: string) => (typeof o[k] === "string" ? (o[k] as string) : "");
  return { decision: said("decision"), options: said("options"), stakes: said("stakes") };
}

const strings = (v: unknown): string[] =>
  Array.isArray(v) ? v.filter((x): x is string => typeof x === "string") : [];

export async function loadCouncil(db: Client, id: number): Promise<LoadedCouncil | null> {
  const row = await db.council.findUnique({ where: { id }, select: SELECT });
  if (!row) return null;
  const moderation: ModerationRow[] = (
    await db.moderationAct.findMany({
      where: { councilId: id },
      orderBy: { id: "asc" },
      select: {
        id: true,
        action: true,
        part: true,
        reason: true,
        at: true,
        admin: { select: { name: true } },
      },
    })
  ).map(({ admin, at, ...m }) => ({ ...m, admin: admin.name, at: at.toISOString() }));
  // A text a moderator hid reads HIDDEN_TEXT for every reader, every door and every prompt; admins find it in the log.
  const hidden = hiddenParts(moderation);
  const note = (part: string, original: string) => {
    const m = moderation.find((r) => r.action === "hide" && r.part === part);
    if (m) m.original = original;
  };
  for (const seat of row.seats)
    if (hidden.has(`soul:${seat.id}`)) {
      note(`soul:${seat.id}`, seat.soul);
      seat.soul = HIDDEN_TEXT;
    }
  for (const answer of row.answers)
    if (hidden.has(`answer:${answer.id}`)) {
      note(`answer:${answer.id}`, replyProse(answer.reply));
      answer.reply = hideReplyProse(answer.reply);
    }
  return {
    ...row,
    moderation,
    fit: fitOf(row.fit),
    options: strings(row.options),
    valuesKeywords: strings(row.valuesKeywords),
    axes: row.axesAt ? strings(row.axes) : null,
    axesDraft: row.axesDraft === null ? null : strings(row.axesDraft),
    aggregator: row.aggregator as Aggregator,
    imported: row.stateId !== null,
  };
}

/** Every write to a council serialises on its row: the answer, the clock and the facilitator see one ledger. */
export async function lockCouncil(tx: Prisma.TransactionClient, id: number): Promise<void> {
  await tx.$queryRaw`SELECT id FROM "Council" WHERE id = ${id} FOR UPDATE`;
}

export const seatName = (l: LoadedCouncil, seatId: number): string =>
  l.seats.find((s) => s.id === seatId)?.name ?? `seat ${seatId}`;

/** The rules' Council: seats live or emptied, and every valid answer in the order it arrived. */
export function rulesCouncil(l: LoadedCouncil, answers: AnswerRow[] = l.answers): Council {
  return {
    id: l.stateId ?? String(l.id),
    question: l.question,
    context: l.context,
    options: l.options,
    aggregator: l.aggregator,
    valuesKeywords: l.valuesKeywords,
    seats: l.seats.map((s) => ({
      name: s.name,
      soul: s.soul,
      status: s.emptiedAt ? ("emptied" as const) : ("live" as const),
      ...(s.emptiedReason ? { emptiedReason: s.emptiedReason } : {}),
    })),
    answers: answers.map((a) => ({ round: a.round, name: seatName(l, a.seatId), reply: a.reply }) as Answer),
  };
}

export function roundRecords(l: LoadedCouncil): RoundRecord[] {
  return l.rounds.map((r) => ({
    round: r.round as RoundNumber,
    openedAt: r.openedAt.getTime(),
    deadlineAt: r.deadlineAt.getTime(),
    closedAt: r.closedAt?.getTime() ?? null,
  }));
}

export function verdictRecords(l: LoadedCouncil): VerdictRecord[] {
  return l.verdicts.map((v) => ({
    afterRound: v.afterRound as RoundNumber,
    verdict: v.verdict,
    ask: v.ask,
    confirmed: v.confirmed,
    at: v.at.getTime(),
    confirmedAt: v.confirmedAt?.getTime() ?? null,
  }));
}

export function progressOf(l: LoadedCouncil): Progress {
  return {
    council: rulesCouncil(l),
    rounds: roundRecords(l),
    verdicts: verdictRecords(l),
    axes: l.axes,
    axesDraft: l.axesDraft,
    deadlineMs: l.roundDeadlineMs,
    awaiting: l.seats.filter((s) => s.consent !== null).map((s) => s.name),
  };
}

/** The facilitator, a seat's wearer or invitee, or a link's member: counted per person (an agent by its owner). */
export function isCouncilMember(l: LoadedCouncil, who: Who): boolean {
  const p = personOf(who);
  if (p === null) return false;
  if (l.facilitatorId === p || l.members.some((m) => m.userId === p)) return true;
  return l.seats.some((s) => s.userId === p || s.agent?.ownerId === p);
}

/** Whether `who` may read this round table at all (shared/spec/access.md): else it answers `not_found`. */
export function councilReadable(l: LoadedCouncil, who: Who): boolean {
  return mayRead(l.visibility, {
    signedIn: who.kind !== "anon",
    member: isCouncilMember(l, who),
    admin: who.kind === "user" && who.admin,
  });
}

/** The seat `who` wears at this table, or null (a person's agent wears its own seat). */
export function seatOf(l: LoadedCouncil, who: Who): SeatRow | null {
  if (who.kind === "user")
    return l.seats.find((s) => s.wearer === "person" && s.userId === who.userId) ?? null;
  if (who.kind === "agent")
    return l.seats.find((s) => s.wearer === "agent" && s.agentId === who.agentId) ?? null;
  return null;
}

export const isFacilitator = (l: LoadedCouncil, who: Who): boolean =>
  who.kind === "user" && who.userId === l.facilitatorId;

/** The open round, if one is open. */
export const openRound = (l: LoadedCouncil): RoundRow | null =>
  l.rounds.find((r) => r.closedAt === null) ?? null;
