// A model provider: the one interface the server's model souls are asked through, whatever runs them.
import type { Answer, RoundNumber } from "@/server/rules/council";

export const PROVIDERS = ["anthropic", "openai-compatible", "scripted"] as const;
export type ProviderName = (typeof PROVIDERS)[number];

/** One ask: the filled round template, and the plain facts a scripted soul answers from. */
export type SoulRequest = {
  prompt: string;
  model: string;
  /** Only for openai-compatible: a base URL other than OPENAI_BASE_URL (it must be allowed). */
  baseUrl: string | null;
  round: RoundNumber;
  /** 1 for the first ask of the round, 2 for the re-ask after a bad reply. */
  attempt: number;
  seat: { name: string; soul: string };
  options: readonly string[];
  names: readonly string[];
  /** The closed rounds only: what this soul may hear. */
  transcript: readonly Answer[];
  axes: readonly string[];
  /** A scripted soul's script (see scripted.ts). */
  script: unknown;
  signal?: AbortSignal;
};

/** What came back. Token counts and cost are null where the provider does not say. */
export type SoulReply =
  | { ok: true; text: string; tokensIn: number | null; tokensOut: number | null; costUsd: number | null }
  | {
      ok: false;
      error: string;
      tokensIn: number | null;
      tokensOut: number | null;
      costUsd: number | null;
      /** Asking again later may succeed (429, 5xx, no answer): the call is retried before it counts as failed. */
      transient?: boolean;
      /** The provider's Retry-After, in ms. */
      retryAfterMs?: number | null;
    };

export type SoulProvider = { name: ProviderName; call(req: SoulRequest): Promise<SoulReply> };

/** The instruction every HTTP provider sends beside the prompt. */
export const SYSTEM =
  "You are one soul at a Round Table, answering one round. Reply with one JSON object and nothing else.";

/** A failed POST as a reply: its sentence, and whether (and when) it may be tried again. */
export const postFailed = (p: {
  error: string;
  transient: boolean;
  retryAfterMs: number | null;
}): SoulReply => ({
  ...(failed(p.error) as Extract<SoulReply, { ok: false }>),
  transient: p.transient,
  retryAfterMs: p.retryAfterMs,
});

export const failed = (error: string, usage: Partial<Omit<SoulReply, "ok">> = {}): SoulReply => ({
  ok: false,
  error,
  tokensIn: null,
  tokensOut: null,
  costUsd: null,
  ...usage,
});

/** A number from a provider's usage block, or null. */
export const count = (v: unknown): number | null =>
  typeof v === "number" && Number.isFinite(v) && v >= 0 ? v : null;
