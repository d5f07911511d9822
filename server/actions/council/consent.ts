// Consent and visibility at a round table: an invited wearer accepts or declines their seat (an agent's owner
// answers for it), the facilitator replaces a seat nobody has said yes to, and changes who may read the table.
// Round 1 opens once every seat's wearer has said yes (server/rules/council/progress.ts: `awaiting`).
import { z } from "zod";
import { Prisma } from "../../generated/prisma/client";
import type { Db } from "../../db";
import type { Who } from "../../identity";
import { ONE_IDENTITY, visibilityRefusal, type Visibility } from "../../rules/access";
import { fail, ok, type Result } from "../../rules/result";
import { ZScript } from "../../souls";
import { answersFor, personOf, tellInvitee } from "../access";
import { signedIn } from "../guard";
import { parseId, ZOneLine } from "../input";
import { advanceIn } from "./advance";
import { isUniqueViolation, kickModels, LOST_RACE, NO_COUNCIL, type OnCouncil } from "./common";
import { sameWearer, tellInvitees, wearerData, wearerNamed, WEARERS } from "./convene";
import { announceChange } from "./events";
import { facilitatorStep } from "./facilitate";
import { councilReadable, lockCouncil } from "./load";

/**
 * The invitee answers for their seat: yes wears it (one identity per person: refused if their person wears
 * another seat here), no frees it for the facilitator to fill. When the last seat says yes, round 1 opens.
 */
export async function answerCouncilInvitation(
  db: Db,
  who: Who,
  input: { id: unknown; agentId?: unknown; accept: boolean },
  now: number,
): Promise<Result<{ seat: string; consent: "accepted" | "declined" }>> {
  const signed = signedIn(who);
  if (!signed.ok) return signed;
  const id = parseId(input.id);
  if (id === null) return NO_COUNCIL;
  const agentId = input.agentId === undefined || input.agentId === null ? null : parseId(input.agentId);
  let r: Result<{ seat: string; consent: "accepted" | "declined" }>;
  try {
    r = await db.$transaction(async (tx) => {
      await lockCouncil(tx, id);
      const { loaded: l } = await advanceIn(tx, id, now);
      if (!l || !councilReadable(l, who)) return NO_COUNCIL;
      const seat = l.seats.find(
        (s) =>
          s.consent === "invited" &&
          (agentId === null || s.agentId === agentId) &&
          answersFor(who, { userId: s.userId, agentId: s.agentId, agentOwnerId: s.agent?.ownerId ?? null }),
      );
      if (!seat) return fail("not_found", "You have no open invitation at this round table.");
      if (!input.accept) {
        await tx.councilSeat.update({
          where: { id: seat.id },
          data: { consent: "declined", userId: null, agentId: null },
        });
        await announceChange(tx, id, "council.seat.declined", { seat: seat.name });
        return ok({ seat: seat.name, consent: "declined" as const });
      }
      const p = personOf(who)!;
      const twin = l.seats.some(
        (s) => s.id !== seat.id && s.consent !== "declined" && (s.userId === p || s.agent?.ownerId === p),
      );
      if (twin) return ONE_IDENTITY(who.kind === "agent" ? "agent" : "person");
      await tx.councilSeat.update({ where: { id: seat.id }, data: { consent: null, invitee: null } });
      await announceChange(tx, id, "council.seat.accepted", { seat: seat.name });
      await advanceIn(tx, id, now); // the last yes opens round 1
      return ok({ seat: seat.name, consent: "accepted" as const });
    });
  } catch (e) {
    if (isUniqueViolation(e)) return LOST_RACE;
    throw e;
  }
  if (r.ok) kickModels(id);
  return r;
}

export const ZReplaceSeat = z
  .object({
    seat: z.string().trim().min(1).max(80).describe("the seat's name (its soul stays)"),
    wearer: z.enum(WEARERS).describe("who wears it now: a person, an agent, or a model the server runs"),
    ...wearerNamed(),
    model: ZOneLine.max(120).optional().describe("wearer model: the model name"),
    base_url: z.string().trim().max(300).optional().describe("wearer model, openai-compatible only"),
    script: ZScript.optional().describe("wearer model, scripted only: replies by round and a pace"),
  })
  .strict();

/**
 * Before round 1, the facilitator replaces a seat whose wearer has not said yes (invited and unanswered, or
 * declined) — with a model soul, say, or another invitation. The soul stays; only who wears it changes.
 */
export async function replaceSeat(
  db: Db,
  who: Who,
  input: OnCouncil<typeof ZReplaceSeat>,
  now: number,
): Promise<Result<{ seat: string; consent: "invited" | null }>> {
  return facilitatorStep(db, who, input.councilId, now, async (tx, l, me) => {
    if (l.rounds.length > 0) return fail("conflict", "Round 1 has opened; the seats are fixed.");
    const seat = l.seats.find((s) => s.name.toLowerCase() === input.seat.toLowerCase());
    if (!seat) return fail("invalid", `There is no seat named ${JSON.stringify(input.seat)} here.`);
    if (seat.consent === null)
      return fail(
        "conflict",
        `${seat.name}'s wearer has said yes (or needed not); only an unanswered seat is replaced.`,
      );
    const w = await wearerData(tx, me.userId, { ...input, name: seat.name });
    if (!w.ok) return w;
    if (w.value.wearer !== "model") {
      const own = new Set(
        (await tx.agent.findMany({ where: { ownerId: me.userId }, select: { id: true } })).map((a) => a.id),
      );
      const twin = l.seats.find(
        (s) =>
          s.id !== seat.id &&
          s.wearer !== "model" &&
          sameWearer(
            { userId: s.userId, agentId: s.agentId, invitee: s.invitee ?? s.user?.name ?? null },
            w.value,
            own,
          ),
      );
      if (twin)
        return fail(
          "invalid",
          `${seat.name} and ${twin.name} would be worn by one identity: one seat per person (a person and their agents are one).`,
        );
    }
    await tx.councilSeat.update({
      where: { id: seat.id },
      data: {
        wearer: w.value.wearer,
        userId: w.value.userId ?? null,
        agentId: w.value.agentId ?? null,
        provider: w.value.provider ?? null,
        model: w.value.model ?? null,
        baseUrl: w.value.baseUrl ?? null,
        script: (w.value.script ?? Prisma.DbNull) as Prisma.InputJsonValue,
        consent: w.value.consent ?? null,
        invitee: w.value.invitee ?? null,
      },
    });
    await announceChange(tx, l.id, "council.seat.replaced", { seat: seat.name, wearer: w.value.wearer });
    if (seat.consent === "invited")
      await tellInvitee(tx, seat, "invitation.withdrawn", { councilId: l.id, seat: seat.name });
    await tellInvitees(tx, l.id, l.question, [{ ...w.value, name: seat.name }], now);
    return ok({ seat: seat.name, consent: w.value.consent === "invited" ? ("invited" as const) : null });
  });
}

/** The facilitator changes who may read the round table (at any moment: a finished one may be published). */
export async function setCouncilVisibility(
  db: Db,
  who: Who,
  input: { councilId: number; visibility: Visibility },
  now: number,
): Promise<Result<{ visibility: Visibility }>> {
  return facilitatorStep(
    db,
    who,
    input.councilId,
    now,
    async (tx, l) => {
      const refused = visibilityRefusal({ owner: true, ownerWord: "facilitator" }, input.visibility);
      if (refused) return refused;
      const { visibility } = input;
      await tx.council.update({ where: { id: l.id }, data: { visibility } });
      await announceChange(tx, l.id, "council.visibility", { visibility });
      return ok({ visibility });
    },
    { onRecords: true },
  );
}
