// The model providers' settings, read from the environment only: keys never come from the database or a request.

export type SoulsEnv = {
  anthropicKey: string | null;
  anthropicBaseUrl: string;
  openaiKey: string | null;
  openaiBaseUrl: string;
  /** Base URLs a seat may name for openai-compatible (a local Ollama, vLLM, LM Studio…). */
  allowedBaseUrls: string[];
  timeoutMs: number;
  /** USD per million tokens [in, out], by model name prefix (the longest that matches counts). */
  prices: Record<string, [number, number]>;
  /** The field an openai-compatible request caps the reply with, by model name prefix (PARLEY_MODEL_TOKEN_PARAM). */
  tokenParams: Record<string, TokenParam>;
  /** What model calls may spend of the server's keys, in tokens (in + out): see MODEL_BUDGET_DEFAULTS. */
  budget: ModelBudget;
};

/**
 * The chat completions field that caps a reply's tokens: OpenAI's reasoning models refuse `max_tokens` and take
 * `max_completion_tokens` (which counts their reasoning too); most other OpenAI-style servers know only `max_tokens`.
 */
export const TOKEN_PARAMS = ["max_tokens", "max_completion_tokens"] as const;
export type TokenParam = (typeof TOKEN_PARAMS)[number];

/**
 * A model seat runs on the server's keys (shared/spec/access.md), so its calls always have a budget, in tokens (the
 * one measure every provider reports; a model without a price has no cost to count): a table's, by default
 * `tableTokens`, which its host may set up to `maxTableTokens`; and the server's, `dayTokens` over every model call
 * (Sworn & Said's model players and Round Tables' model souls) started in the last 24 hours.
 */
export type ModelBudget = { tableTokens: number; maxTableTokens: number; dayTokens: number };

export const MODEL_BUDGET_DEFAULTS: ModelBudget = {
  tableTokens: 200_000,
  maxTableTokens: 2_000_000,
  dayTokens: 5_000_000,
};

/** A whole number of tokens from the environment, or the default when unset; anything else is an error naming it. */
function tokens(raw: string | undefined, name: string, fallback: number): number {
  if (!raw?.trim()) return fallback;
  const n = Number(raw);
  if (!Number.isSafeInteger(n) || n < 0)
    throw new Error(`${name} must be a whole number of tokens (0 or more)`);
  return n;
}

function readBudget(e: NodeJS.ProcessEnv): ModelBudget {
  const d = MODEL_BUDGET_DEFAULTS;
  const maxTableTokens = tokens(
    e.PARLEY_MODEL_BUDGET_MAX_TOKENS,
    "PARLEY_MODEL_BUDGET_MAX_TOKENS",
    d.maxTableTokens,
  );
  return {
    // the default is within the cap, whatever the two say
    tableTokens: Math.min(
      tokens(e.PARLEY_MODEL_BUDGET_TOKENS, "PARLEY_MODEL_BUDGET_TOKENS", d.tableTokens),
      maxTableTokens,
    ),
    maxTableTokens,
    dayTokens: tokens(e.PARLEY_MODEL_BUDGET_DAY_TOKENS, "PARLEY_MODEL_BUDGET_DAY_TOKENS", d.dayTokens),
  };
}

/**
 * Anthropic's list prices per million tokens, by model family, as published when this was written; PARLEY_MODEL_PRICES
 * (JSON: {"model-prefix": [in, out]}) adds to or overrides them. A model matching none records no cost.
 */
export const DEFAULT_PRICES: Record<string, [number, number]> = {
  "claude-opus-4": [15, 75],
  "claude-sonnet-4": [3, 15],
  "claude-haiku-4": [1, 5],
  "claude-3-7-sonnet": [3, 15],
  "claude-3-5-sonnet": [3, 15],
  "claude-3-5-haiku": [0.8, 4],
};

function readPrices(raw: string | undefined): Record<string, [number, number]> {
  if (!raw?.trim()) return { ...DEFAULT_PRICES };
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    throw new Error(
      'PARLEY_MODEL_PRICES is not JSON: write {"model-prefix": [in, out]} in USD per million tokens',
    );
  }
  const out = { ...DEFAULT_PRICES };
  for (const [k, v] of Object.entries(parsed as Record<string, unknown>)) {
    if (!Array.isArray(v) || v.length !== 2 || !v.every((x) => typeof x === "number" && x >= 0))
      throw new Error(`PARLEY_MODEL_PRICES: "${k}" needs [in, out], two numbers (USD per million tokens)`);
    out[k] = [v[0], v[1]];
  }
  return out;
}

/** The longest key of a table by model prefix that the model's id starts with, or undefined. */
const prefixOf = (table: Record<string, unknown>, model: string) =>
  Object.keys(table)
    .filter((p) => model.startsWith(p))
    .sort((a, b) => b.length - a.length)[0];

/**
 * The cost of a call in USD from the price table; null — unknown, never 0 — for a model it does not price, or when
 * the provider did not say how many tokens were spent.
 */
export function costOf(
  prices: Record<string, [number, number]>,
  model: string,
  tokensIn: number | null,
  tokensOut: number | null,
): number | null {
  const key = prefixOf(prices, model);
  if (!key || tokensIn === null || tokensOut === null) return null;
  const [pin, pout] = prices[key]!;
  return (tokensIn * pin + tokensOut * pout) / 1_000_000;
}

function readTokenParams(raw: string | undefined): Record<string, TokenParam> {
  if (!raw?.trim()) return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    throw new Error(
      'PARLEY_MODEL_TOKEN_PARAM is not JSON: write {"model-prefix": "max_tokens" or "max_completion_tokens"}',
    );
  }
  const out: Record<string, TokenParam> = {};
  for (const [k, v] of Object.entries(parsed as Record<string, unknown>)) {
    if (!(TOKEN_PARAMS as readonly unknown[]).includes(v))
      throw new Error(`PARLEY_MODEL_TOKEN_PARAM: "${k}" needs "max_tokens" or "max_completion_tokens"`);
    out[k] = v as TokenParam;
  }
  return out;
}

/**
 * The field an openai-compatible request caps the reply with: PARLEY_MODEL_TOKEN_PARAM's by the longest prefix of the
 * model id it lists, else by the id: OpenAI's o-series (o1, o3, o4-mini…) and GPT-5 families, bare or behind a
 * gateway's `openai/`, take `max_completion_tokens`; any other model `max_tokens`.
 */
export function tokenParamOf(env: Pick<SoulsEnv, "tokenParams">, model: string): TokenParam {
  const key = prefixOf(env.tokenParams, model);
  if (key) return env.tokenParams[key]!;
  return /^(o\d|gpt-5)/i.test(model.replace(/^openai\//i, "")) ? "max_completion_tokens" : "max_tokens";
}

const trimSlash = (u: string) => u.trim().replace(/\/+$/, "");

export function soulsEnv(e: NodeJS.ProcessEnv = process.env): SoulsEnv {
  const timeout = Number(e.PARLEY_MODEL_TIMEOUT_MS);
  return {
    anthropicKey: e.ANTHROPIC_API_KEY?.trim() || null,
    anthropicBaseUrl: trimSlash(e.ANTHROPIC_BASE_URL || "https://api.anthropic.com"),
    openaiKey: e.OPENAI_API_KEY?.trim() || null,
    openaiBaseUrl: trimSlash(e.OPENAI_BASE_URL || "https://api.openai.com/v1"),
    allowedBaseUrls: (e.PARLEY_MODEL_BASE_URLS ?? "").split(",").map(trimSlash).filter(Boolean),
    timeoutMs: Number.isInteger(timeout) && timeout > 0 ? timeout : 60_000,
    prices: readPrices(e.PARLEY_MODEL_PRICES),
    tokenParams: readTokenParams(e.PARLEY_MODEL_TOKEN_PARAM),
    budget: readBudget(e),
  };
}

export const sameUrl = (a: string, b: string) => trimSlash(a) === trimSlash(b);
