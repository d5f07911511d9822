// The openai-compatible provider: chat completions at any base URL (OpenAI, a local Ollama, vLLM or LM Studio).
// OPENAI_API_KEY goes only to OPENAI_BASE_URL: a seat's own base URL never receives the server's key.
import { sameUrl, type SoulsEnv } from "./env";
import { postJson } from "./http";
import { count, failed, postFailed, SYSTEM, type SoulProvider } from "./provider";

const MAX_TOKENS = 1024;

/**
 * OpenAI's reasoning models (o1, o3, o4-mini…) and GPT-5 refuse `max_tokens` and take `max_completion_tokens`;
 * other OpenAI-compatible servers (Ollama, vLLM, LM Studio) take `max_tokens`.
 */
export const takesCompletionTokens = (model: string) => /^(o\d|gpt-5)/i.test(model.replace(/^openai\//i, ""));

type ChatAnswer = {
  choices?: { message?: { content?: unknown } }[];
  usage?: { prompt_tokens?: unknown; completion_tokens?: unknown; cost?: unknown };
};

export function openaiCompatible(env: SoulsEnv): SoulProvider {
  return {
    name: "openai-compatible",
    async call(req) {
      const base = req.baseUrl ?? env.openaiBaseUrl;
      const keyed = env.openaiKey !== null && sameUrl(base, env.openaiBaseUrl);
      const posted = await postJson(
        `${base}/chat/completions`,
        keyed ? { authorization: `Bearer ${env.openaiKey}` } : {},
        {
          model: req.model,
          ...(takesCompletionTokens(req.model)
            ? { max_completion_tokens: MAX_TOKENS }
            : { max_tokens: MAX_TOKENS }),
          messages: [
            { role: "system", content: req.system ?? SYSTEM },
            { role: "user", content: req.prompt },
          ],
        },
        { timeoutMs: env.timeoutMs, signal: req.signal },
      );
      if (!posted.ok) return postFailed(posted);
      const a = posted.json as ChatAnswer;
      // Some gateways (OpenRouter, LiteLLM) report the cost in the usage block; OpenAI itself does not.
      const usage = {
        tokensIn: count(a.usage?.prompt_tokens),
        tokensOut: count(a.usage?.completion_tokens),
        costUsd: count(a.usage?.cost),
      };
      const text = a.choices?.[0]?.message?.content;
      if (typeof text !== "string" || text === "") return failed("the model answered with no text", usage);
      return { ok: true, text, ...usage };
    },
  };
}
