// The openai-compatible provider: chat completions at any base URL (OpenAI, a local Ollama, vLLM or LM Studio).
// OPENAI_API_KEY goes only to OPENAI_BASE_URL: a seat's own base URL never receives the server's key.
import { costOf, sameUrl, tokenParamOf, type SoulsEnv, type TokenParam } from "./env";
import { postJson } from "./http";
import { count, failed, postFailed, SYSTEM, type SoulProvider } from "./provider";

/**
 * The most a reply may spend: a reply is a few hundred tokens, but `max_completion_tokens` also counts a reasoning
 * model's hidden reasoning, which would use up 1024 before the reply began.
 */
export const MAX_TOKENS: Record<TokenParam, number> = { max_tokens: 1024, max_completion_tokens: 8192 };

type ChatAnswer = {
  choices?: { message?: { content?: unknown }; finish_reason?: unknown }[];
  usage?: { prompt_tokens?: unknown; completion_tokens?: unknown; cost?: unknown };
};

export function openaiCompatible(env: SoulsEnv): SoulProvider {
  return {
    name: "openai-compatible",
    async call(req) {
      const base = req.baseUrl ?? env.openaiBaseUrl;
      const keyed = env.openaiKey !== null && sameUrl(base, env.openaiBaseUrl);
      const cap = tokenParamOf(env, req.model);
      const posted = await postJson(
        `${base}/chat/completions`,
        keyed ? { authorization: `Bearer ${env.openaiKey}` } : {},
        {
          model: req.model,
          [cap]: MAX_TOKENS[cap],
          messages: [
            { role: "system", content: req.system ?? SYSTEM },
            { role: "user", content: req.prompt },
          ],
        },
        { timeoutMs: env.timeoutMs, signal: req.signal },
      );
      if (!posted.ok) return postFailed(posted);
      const a = posted.json as ChatAnswer;
      const tokensIn = count(a.usage?.prompt_tokens);
      const tokensOut = count(a.usage?.completion_tokens);
      // Some gateways (OpenRouter, LiteLLM) report the cost in the usage block; OpenAI itself does not, so the price
      // table's, where it prices the model; else unknown (null), never 0.
      const usage = {
        tokensIn,
        tokensOut,
        costUsd: count(a.usage?.cost) ?? costOf(env.prices, req.model, tokensIn, tokensOut),
      };
      const choice = a.choices?.[0];
      const text = choice?.message?.content;
      if (typeof text !== "string" || text === "")
        return failed(
          choice?.finish_reason === "length"
            ? `the model spent its ${MAX_TOKENS[cap]} tokens (${cap}) before it answered`
            : "the model answered with no text",
          usage,
        );
      return { ok: true, text, ...usage };
    },
  };
}
