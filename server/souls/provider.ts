// A model provider: the one interface the server's model souls are asked through, whatever runs them.
import type { Answer, RoundNumber } from "@/server/rules/council";
import type { ModelPlayerFacts } from "@/server/rules/game";

export const PROVIDERS = ["anthropic", "openai-compatible", "scripted"] as const;
export type ProviderName = (typeof PROVIDERS)[number];

/** What every provider sends: the prompt, the instruction beside it, the model and where it runs. */
export type ModelAsk = {
  prompt: string;
  /** The instruction sent beside the prompt; the Round Table's SYSTEM when none is given. */
  system?: string;
  model: string;
  /** Only for openai-compatible: a base URL other than OPENAI_BASE_URL (it must be allowed). */
  baseUrl: string | null;
  /** 1 for the first ask, 2 for the re-ask after a bad reply. */
  attempt: number;
  /** A scripted seat's script (see scripted.ts). */
  script: unknown;
  signal?: AbortSignal;
};

/** A model player's ask at a Sworn & Said table (game.md §13): the prompt, and the facts a scripted one plays from. */
export type PlayerAsk = ModelAsk & { game: ModelPlayerFacts };

/** One ask of a Round Table's soul: the filled round template, and the plain facts a scripted soul answers from. */
export type SoulRequest = ModelAsk & {
  round: RoundNumber;
  seat: { name: string; soul: string };
  options: readonly string[];
  names: readonly string[];
  /** The closed rounds only: what this soul may hear. */
  transcript: readonly Answer[];
  axes: readonly string[];
  /** "axes": not a round's answer but a draft of round 3's disagreement axes, as {"axes": [...]}. */
  task?: "axes";
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

export type SoulProvider = { name: ProviderName; call(req: SoulRequest | PlayerAsk): Promise<SoulReply> };

/** The instruction every HTTP provider sends beside the prompt. */
export const SYSTEM =
  "You are one soul at a Round Table, answering one round. Reply with one JSON object and nothing else.";

/**
 * A failed POST as a reply: its sentence, and whether (and when) it may be tried again. A request the provider refused
 * with an HTTP error is not billed, so it cost nothing; with no answer at all (a timeout), what it cost is unknown.
 */
export const postFailed = (p: {
  error: string;
  transient: boolean;
  retryAfterMs: number | null;
  status: number | null;
}): SoulReply => ({
  ...(failed(p.error, { costUsd: p.status === null ? null : 0 }) as Extract<SoulReply, { ok: false }>),
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
