// A plan's notifications (shared/spec/notifications.md), to its members with the matching role: a checkpoint held,
// revised, escalated or admitted tells the owner, the operators and the authority; a next wave that needs an
// approval not yet given asks the approvers; evidence that makes a risk due for reassessing tells the owner, the
// operators and the authority. The one who wrote it is not told of their own act.
import type { Prisma } from "../../generated/prisma/client";
import type { Who } from "../../identity";
import type { AssignableRole } from "../../rules/checkpoint";
import { notify, recipientKey, type Note, type Recipient } from "../notify";
import type { LoadedPlan } from "./loaded";
import { outcomesAt } from "./view.nodes";
import { risksAt } from "./view.risks";
import { standingOf } from "./view.standing";

const WORD: Record<string, string> = {
  hold: "held",
  revise: "revised",
  escalate: "escalated",
  admit: "admitted",
};

/** Who holds these roles now (the owner counts as every role but approver), as recipients, each once. */
function holdersOf(loaded: LoadedPlan, roles: readonly AssignableRole[], owner: boolean): Recipient[] {
  const out = new Map<string, Recipient>();
  if (owner) out.set(`user:${loaded.plan.ownerId}`, { userId: loaded.plan.ownerId });
  for (const h of loaded.access.holders)
    if (roles.includes(h.role)) {
      const r: Recipient | null =
        h.userId !== null ? { userId: h.userId } : h.agentId !== null ? { agentId: h.agentId } : null;
      if (r) out.set(recipientKey(r), r);
    }
  return [...out.values()];
}

const selfKey = (who: Who) =>
  who.kind === "user" ? `user:${who.userId}` : who.kind === "agent" ? `agent:${who.agentId}` : "";

export async function tellCheckpoint(
  tx: Prisma.TransactionClient,
  loaded: LoadedPlan,
  c: {
    id: number;
    decision: string;
    revision: number;
    nextWave: readonly string[];
    approvalMissing: boolean;
    by: Who;
  },
  now: number,
): Promise<void> {
  const plan = `“${loaded.plan.name}”`;
  const wave = c.nextWave.length ? c.nextWave.join(", ") : "(none)";
  const link = `/plans/${loaded.plan.id}`;
  const self = selfKey(c.by);
  const notes: Note[] = holdersOf(loaded, ["operator", "authority"], true).map((to) => ({
    to,
    kind: `checkpoint.${WORD[c.decision] ?? c.decision}`,
    text: `The checkpoint on ${plan} ${WORD[c.decision] ?? c.decision} the next wave (${wave}) at revision ${c.revision}.`,
    link,
    once: `plan:${loaded.plan.id}:checkpoint:${c.id}`,
  }));
  if (c.approvalMissing && c.decision !== "admit")
    notes.push(
      ...holdersOf(loaded, ["approver"], false).map((to) => ({
        to,
        kind: "approval.requested",
        text: `Your approval is asked for the next wave (${wave}) of ${plan}, revision ${c.revision}.`,
        link,
        once: approvalOnce(loaded.plan.id, c.revision, wave),
      })),
    );
  await notify(
    tx,
    now,
    notes.filter((n) => recipientKey(n.to) !== self),
  );
}

/** The once key of an approval request: one per revision and wave, whether it was asked when proposed or at a hold. */
const approvalOnce = (planId: number, revision: number, wave: string) =>
  `plan:${planId}:approval:${revision}:${wave}`;

/** Whether the plan has anyone to ask for an approval (else nothing needs reading to ask them). */
export const hasApprovers = (loaded: LoadedPlan): boolean =>
  loaded.access.holders.some((h) => h.role === "approver");

/**
 * An approval is asked the moment a wave needs it (notifications.md): when the latest revision proposes a next wave
 * whose gate requires approval and has not got it, each approver is told — once per revision and wave, the same
 * request a hold checkpoint would make, so it is never asked twice.
 */
export async function tellApprovers(
  tx: Prisma.TransactionClient,
  loaded: LoadedPlan,
  by: Who,
  now: number,
): Promise<void> {
  const revision = loaded.revisions.at(-1);
  if (!revision) return;
  const approvers = holdersOf(loaded, ["approver"], false);
  if (approvers.length === 0) return;
  const { wave, gates, admitted } = standingOf(loaded, revision, true, now);
  if (!wave || !gates?.approvalRequired || admitted || gates.approvals.length >= gates.needed) return;
  const next = wave.nextWave.length ? wave.nextWave.join(", ") : "(none)";
  const self = selfKey(by);
  await notify(
    tx,
    now,
    approvers
      .filter((to) => recipientKey(to) !== self)
      .map((to) => ({
        to,
        kind: "approval.requested",
        text: `Your approval is asked for the next wave (${next}) of “${loaded.plan.name}”, revision ${revision.number}: it is proposed and waits for approval.`,
        link: `/plans/${loaded.plan.id}`,
        once: approvalOnce(loaded.plan.id, revision.number, next),
      })),
  );
}

/** The risks of the latest revision that wait for a reassessment now (what the plan page marks "reassess"). */
export function risksToReassess(loaded: LoadedPlan, now: number): Set<string> {
  const revision = loaded.revisions.at(-1);
  if (!revision || loaded.risks.length === 0) return new Set();
  const { wave } = standingOf(loaded, revision, true, now);
  const reportedAt = new Map([...outcomesAt(loaded, revision)].map(([id, o]) => [id, o.at.getTime()]));
  return new Set(
    risksAt(loaded, revision, wave?.justFinished ?? null, reportedAt)
      .filter((r) => r.toReassess)
      .map((r) => r.id),
  );
}

/** New evidence made these risks due for a reassessment: the owner, the operators and the authority are told. */
export async function tellReassess(
  tx: Prisma.TransactionClient,
  loaded: LoadedPlan,
  riskIds: readonly string[],
  by: Who,
  now: number,
): Promise<void> {
  if (riskIds.length === 0) return;
  const revision = loaded.revisions.at(-1)!.number;
  const self = selfKey(by);
  const notes = holdersOf(loaded, ["operator", "authority"], true).flatMap((to) =>
    riskIds.map((id) => ({
      to,
      kind: "risk.reassess",
      text: `Risk "${id}" on “${loaded.plan.name}” needs reassessing: evidence it affects came in (revision ${revision}).`,
      link: `/plans/${loaded.plan.id}`,
      once: `plan:${loaded.plan.id}:reassess:${id}:${revision}:${now}`,
    })),
  );
  await notify(
    tx,
    now,
    notes.filter((n) => recipientKey(n.to) !== self),
  );
}
