// Model souls: pick a provider for a seat, and check a seat's model settings before a table is convened.
import { fail, ok, type Result } from "@/server/rules/result";
import { anthropic } from "./anthropic";
import { sameUrl, soulsEnv, type SoulsEnv } from "./env";
import { openaiCompatible } from "./openai";
import { PROVIDERS, type ProviderName, type SoulProvider } from "./provider";
import { scripted } from "./scripted";

export {
  PROVIDERS,
  type ProviderName,
  type SoulProvider,
  type SoulReply,
  type SoulRequest,
} from "./provider";
export { ZScript, ZPlayerScript, scriptDelay } from "./scripted";
export { soulsEnv, MODEL_BUDGET_DEFAULTS, type ModelBudget, type SoulsEnv } from "./env";

/** When the facilitator names none. */
export const DEFAULT_MODELS: Record<ProviderName, string> = {
  anthropic: "claude-sonnet-4-5",
  "openai-compatible": "gpt-4o-mini",
  scripted: "house",
};

export function providerFor(name: ProviderName, env: SoulsEnv = soulsEnv()): SoulProvider {
  if (name === "anthropic") return anthropic(env);
  if (name === "openai-compatible") return openaiCompatible(env);
  return scripted();
}

export const isProvider = (p: unknown): p is ProviderName =>
  typeof p === "string" && (PROVIDERS as readonly string[]).includes(p);

/** A model seat's settings as convening accepts them: a key the server holds, a base URL it may call. */
export function checkModelSeat(
  seat: { name: string; provider: string; model?: string | null; baseUrl?: string | null },
  env: SoulsEnv = soulsEnv(),
): Result<{ provider: ProviderName; model: string; baseUrl: string | null }> {
  if (!isProvider(seat.provider))
    return fail("invalid", `${seat.name}: the provider must be one of ${PROVIDERS.join(", ")}.`);
  const model = seat.model?.trim() || DEFAULT_MODELS[seat.provider];
  const baseUrl = seat.baseUrl?.trim() || null;
  if (seat.provider === "anthropic" && !env.anthropicKey)
    return fail(
      "invalid",
      `${seat.name}: the anthropic provider needs ANTHROPIC_API_KEY in the server's environment.`,
    );
  if (baseUrl !== null) {
    if (seat.provider !== "openai-compatible")
      return fail("invalid", `${seat.name}: only the openai-compatible provider takes a base URL.`);
    if (!/^https?:\/\//.test(baseUrl))
      return fail("invalid", `${seat.name}: the base URL must start with http:// or https://.`);
    if (!sameUrl(baseUrl, env.openaiBaseUrl) && !env.allowedBaseUrls.some((u) => sameUrl(u, baseUrl)))
      return fail(
        "invalid",
        `${seat.name}: ${baseUrl} is not an allowed base URL; the server's PARLEY_MODEL_BASE_URLS lists the ones seats may use.`,
      );
  }
  return ok({ provider: seat.provider, model, baseUrl });
}
