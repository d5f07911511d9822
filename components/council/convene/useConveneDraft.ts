// The convene form's state: one draft, and the edits the form makes to it (a field, an option, a seat).
import { useState } from "react";
import { blankSeat, type ConveneDraft, type SeatDraft } from "./draft";
import type { ConveneLimits } from "./types";

type Fields = Omit<ConveneDraft, "options" | "seats">;

export function useConveneDraft(limits: ConveneLimits) {
  const [draft, setDraft] = useState<ConveneDraft>(() => ({
    question: "",
    context: "",
    options: ["", ""],
    aggregator: limits.aggregators[0] ?? "weighted",
    keywords: limits.defaultKeywords.join(", "),
    deadlineMinutes: limits.defaultDeadlineMinutes,
    seats: Array.from({ length: limits.seatsMin }, () => blankSeat()),
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
