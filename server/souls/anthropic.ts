// The anthropic provider: the Messages API over fetch, with ANTHROPIC_API_KEY (and ANTHROPIC_BASE_URL) from the environment.
import { costOf, type SoulsEnv } from "./env";
import { postJson } from "./http";
import { count, failed, postFailed, SYSTEM, type SoulProvider } from "./provider";

export const ANTHROPIC_VERSION = "2023-06-01";
const MAX_TOKENS = 1024;

type MessagesAnswer = {
  content?: { type?: string; text?: string }[];
  usage?: { input_tokens?: unknown; output_tokens?: unknown };
  stop_reason?: string;
};

export function anthropic(env: SoulsEnv): SoulProvider {
  return {
    name: "anthropic",
    async call(req) {
      if (!env.anthropicKey) return failed("ANTHROPIC_API_KEY is not set in the server's environment");
      const posted = await postJson(
        `${env.anthropicBaseUrl}/v1/messages`,
        { "x-api-key": env.anthropicKey, "anthropic-version": ANTHROPIC_VERSION },
        {
          model: req.model,
          max_tokens: MAX_TOKENS,
          system: req.system ?? SYSTEM,
          messages: [{ role: "user", content: req.prompt }],
        },
        { timeoutMs: env.timeoutMs, signal: req.signal },
      );
      if (!posted.ok) return postFailed(posted);
      const a = posted.json as MessagesAnswer;
      const usage = { tokensIn: count(a.usage?.input_tokens), tokensOut: count(a.usage?.output_tokens) };
      const text = (a.content ?? [])
        .filter((c) => c.type === "text" && typeof c.text === "string")
        .map((c) => c.text)
        .join("");
      if (text === "")
        return failed("the model answered with no text", {
          ...usage,
          costUsd: costOf(env.prices, req.model, usage.tokensIn, usage.tokensOut),
        });
      return {
        ok: true,
        text,
        ...usage,
        costUsd: costOf(env.prices, req.model, usage.tokensIn, usage.tokensOut),
      };
    },
  };
}
