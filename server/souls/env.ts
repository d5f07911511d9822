// The model providers' settings, read from the environment only: keys never come from the database or a request.

export type SoulsEnv = {
  anthropicKey: string | null;
  anthropicBaseUrl: string;
  openaiKey: string | null;
  openaiBaseUrl: string;
  /** Base URLs a seat may name for openai-compatible (a local Ollama, vLLM, LM Studio…). */
  allowedBaseUrls: string[];
  timeoutMs: number;
};

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
  };
}

export const sameUrl = (a: string, b: string) => trimSlash(a) === trimSlash(b);
