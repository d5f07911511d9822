// A reply a moderator hid (shared/spec/access.md, "Moderation"): its prose reads HIDDEN_TEXT, while what the vote
// counts — positions, confidences, targets, coalitions — stands, so hiding a text never changes a result.
import { HIDDEN_TEXT } from "../moderation";

/** The free-text fields of the four rounds' replies (server/rules/council/replies.ts). */
const PROSE = [
  "reasoning",
  "what_would_change_your_mind",
  "self_update",
  "flip_condition",
  "one_line_rationale",
  "dissent_note",
] as const;

export function hideReplyProse<T>(reply: T): T {
  if (typeof reply !== "object" || reply === null) return reply;
  const out: Record<string, unknown> = { ...(reply as Record<string, unknown>) };
  for (const k of PROSE) if (typeof out[k] === "string") out[k] = HIDDEN_TEXT;
  const challenge = out.challenge as { critique?: unknown } | undefined;
  if (challenge && typeof challenge === "object" && typeof challenge.critique === "string")
    out.challenge = { ...challenge, critique: HIDDEN_TEXT };
  return out as T;
}

/** The prose a hidden reply said, for the moderation log's admins. */
export function replyProse(reply: unknown): string {
  if (typeof reply !== "object" || reply === null) return "";
  const r = reply as Record<string, unknown>;
  const critique = (r.challenge as { critique?: unknown } | undefined)?.critique;
  return [...PROSE.map((k) => r[k]), critique].filter((v): v is string => typeof v === "string").join("\n\n");
}
