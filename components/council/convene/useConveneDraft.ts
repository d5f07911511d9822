// The convene form's state: one draft, and the edits the form makes to it (a field, an option, a seat).
import { useState } from "react";
import { blankSeat, type ConveneDraft, type SeatDraft } from "./draft";
import type { ConveneLimits } from "./types";

type Fields = Omit<ConveneDraft, "options" | "seats">;

/** "Default to 5 when the user names no roster" (the original skill, step 1). */
export const DEFAULT_SEATS = 5;

export function useConveneDraft(limits: ConveneLimits) {
  const [draft, setDraft] = useState<ConveneDraft>(() => ({
    question: "",
    context: "",
    options: ["", ""],
    aggregator: limits.aggregators[0] ?? "weighted",
    keywords: limits.defaultKeywords.join(", "),
    deadlineMinutes: limits.defaultDeadlineMinutes,
    // The original's default roster: five souls when the facilitator names none (within the table's limits).
    seats: Array.from({ length: Math.min(limits.seatsMax, Math.max(limits.seatsMin, DEFAULT_SEATS)) }, () =>
      blankSeat(),
    ),
  }));
  return {
    draft,
    set: (patch: Partial<Fields>) => setDraft((d) => ({ ...d, ...patch })),
    setOption: (i: number, value: string) =>
      setDraft((d) => ({ ...d, options: d.options.map((x, j) => (j === i ? value : x)) })),
    addOption: () => setDraft((d) => ({ ...d, options: [...d.options, ""] })),
    setSeat: (i: number, patch: Partial<SeatDraft>) =>
      setDraft((d) => ({ ...d, seats: d.seats.map((x, j) => (j === i ? { ...x, ...patch } : x)) })),
    addSeat: () => setDraft((d) => ({ ...d, seats: [...d.seats, blankSeat()] })),
    removeSeat: (i: number) => setDraft((d) => ({ ...d, seats: d.seats.filter((_, j) => j !== i) })),
  };
}
