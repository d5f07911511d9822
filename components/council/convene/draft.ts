// The convene form's draft — the decision and its seats as the person is typing them — and what it sends.
import type { Aggregator, Convene, Provider } from "./types";

export type SeatDraft = {
  name: string;
  source: "pasted" | "uploaded" | "habit";
  soul: string;
  label: string;
  wearer: "person" | "agent" | "model";
  person: string;
  agent: string;
  provider: Provider;
  model: string;
  baseUrl: string;
};

export type ConveneDraft = {
  question: string;
  context: string;
  /** Blank slots stay in the draft (the form shows them) and are dropped when it is sent. */
  options: string[];
  aggregator: Aggregator;
  /** As typed: comma-separated. */
  keywords: string;
  deadlineMinutes: number;
  seats: SeatDraft[];
};

export const blankSeat = (wearer: SeatDraft["wearer"] = "model"): SeatDraft => ({
  name: "",
  source: "pasted",
  soul: "",
  label: "",
  wearer,
  person: "",
  agent: "",
  provider: "scripted",
  model: "",
  baseUrl: "",
});

function seatBody(s: SeatDraft): Convene["seats"][number] {
  return {
    name: s.name,
    soul: s.soul,
    source: s.source,
    ...(s.label ? { source_label: s.label } : {}),
    wearer: s.wearer,
    ...(s.wearer === "person" ? { person: s.person } : {}),
    // An agent is named owner/name or by its id; digits alone are the id.
    ...(s.wearer === "agent" ? { agent: /^\d+$/.test(s.agent.trim()) ? Number(s.agent) : s.agent } : {}),
    ...(s.wearer === "model"
      ? {
          provider: s.provider,
          ...(s.model ? { model: s.model } : {}),
          ...(s.baseUrl ? { base_url: s.baseUrl } : {}),
        }
      : {}),
  };
}

export function conveneBody(d: ConveneDraft, fit: Convene["fit"]): Convene {
  return {
    fit: { decision: fit.decision.trim(), options: fit.options.trim(), stakes: fit.stakes.trim() },
    question: d.question,
    context: d.context,
    options: d.options.map((o) => o.trim()).filter(Boolean),
    aggregator: d.aggregator,
    values_keywords: d.keywords
      .split(",")
      .map((k) => k.trim())
      .filter(Boolean),
    round_deadline_ms: Math.round(d.deadlineMinutes * 60_000),
    seats: d.seats.map(seatBody),
  };
}
