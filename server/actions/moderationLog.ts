// The moderation log as a table's or a council's page shows it: every act with its admin, reason and time, to
// everyone who may read the thing; what a hidden text said only to admins (shared/spec/access.md, "Moderation").
import type { Who } from "../identity";
import { ACTION_TEXT, type ModerationAction } from "../rules/moderation";

/** A row of the moderation log as the loads read it (with the admin's name). */
export type ModerationRow = {
  id: number;
  action: string;
  part: string | null;
  reason: string;
  admin: string;
  at: string;
  /** A hidden text's original: for the record and for admins, never for a view. */
  original?: string;
};

export type ModerationEntry = {
  id: number;
  action: ModerationAction;
  /** What was acted on, in words: "the table", "the said text of act 4", "an answer", "a soul text". */
  subject: string;
  /** The act in words: "ana cancelled the table". */
  text: string;
  reason: string;
  by: string;
  at: string;
  /** A hidden text's original: admins only; null for everyone else and for acts that hide nothing. */
  original: string | null;
  /** What a hide hid, so a page can mark it: the act's index, the answer's id, the seat's name. */
  act: number | null;
  answerId: number | null;
  seat: string | null;
};

function subjectOf(row: ModerationRow, whole: string): string {
  const [kind, n] = (row.part ?? "").split(":");
  if (kind === "said") return `the said text of act ${n}`; // numbered as the act log shows it, from 0
  if (kind === "answer") return "an answer";
  if (kind === "soul") return "a soul text";
  return whole;
}

/** `seatName` names a council seat by its id (a soul text is hidden by seat). */
export function moderationLog(
  rows: readonly ModerationRow[],
  who: Who,
  whole: string,
  seatName: (id: number) => string | null = () => null,
): ModerationEntry[] {
  const admin = who.kind === "user" && who.admin;
  return rows.map((r) => {
    const action = (ACTION_TEXT[r.action as ModerationAction] ? r.action : "hide") as ModerationAction;
    const subject = subjectOf(r, whole);
    const [kind, n] = (r.part ?? "").split(":");
    return {
      id: r.id,
      action,
      subject,
      text: `${r.admin} ${ACTION_TEXT[action]} ${subject}`,
      reason: r.reason,
      by: r.admin,
      at: new Date(r.at).toISOString(),
      original: admin && r.original !== undefined ? r.original : null,
      act: kind === "said" ? Number(n) : null,
      answerId: kind === "answer" ? Number(n) : null,
      seat: kind === "soul" ? seatName(Number(n)) : null,
    };
  });
}
