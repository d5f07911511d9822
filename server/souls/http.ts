// POST a JSON body to a provider with a time limit; every way it can go wrong comes back as one sentence.

/**
 * A failure is `transient` when asking again later may succeed: rate limited (429), the provider's own trouble
 * (5xx, 408), no answer in time, or no connection; `retryAfterMs` is the provider's Retry-After, when it said one;
 * `status` the HTTP status the provider refused the request with (null when it gave no such answer).
 */
export type Posted =
  | { ok: true; status: number; json: unknown }
  | { ok: false; error: string; transient: boolean; retryAfterMs: number | null; status: number | null };

/** Retry-After as seconds or an HTTP date, in ms from `now`; null when absent or unreadable. */
export function retryAfter(value: string | null, now: number): number | null {
  if (!value) return null;
  if (/^\d+$/.test(value.trim())) return Number(value.trim()) * 1000;
  const at = Date.parse(value);
  return Number.isNaN(at) ? null : Math.max(0, at - now);
}

export async function postJson(
  url: string,
  headers: Record<string, string>,
  body: unknown,
  opts: { timeoutMs: number; signal?: AbortSignal; now?: () => number },
): Promise<Posted> {
  const signals = [AbortSignal.timeout(opts.timeoutMs), ...(opts.signal ? [opts.signal] : [])];
  let res: Response;
  try {
    res = await fetch(url, {
      method: "POST",
      headers: { "content-type": "application/json", ...headers },
      body: JSON.stringify(body),
      signal: AbortSignal.any(signals),
    });
  } catch (e) {
    const name = (e as Error).name;
    if (name === "TimeoutError" || name === "AbortError")
      return {
        ok: false,
        error: `no answer from ${new URL(url).host} within ${opts.timeoutMs} ms`,
        transient: name === "TimeoutError",
        retryAfterMs: null,
        status: null,
      };
    return {
      ok: false,
      error: `could not reach ${new URL(url).host}: ${(e as Error).message}`,
      transient: true,
      retryAfterMs: null,
      status: null,
    };
  }
  const text = await res.text().catch(() => "");
  let json: unknown = null;
  try {
    json = JSON.parse(text);
  } catch {
    /* not JSON: reported below */
  }
  if (!res.ok) {
    const said = errorMessage(json) ?? text.slice(0, 200);
    return {
      ok: false,
      error: `HTTP ${res.status} from ${new URL(url).host}${said ? `: ${said}` : ""}`,
      transient: res.status === 429 || res.status === 408 || res.status >= 500,
      retryAfterMs: retryAfter(res.headers.get("retry-after"), (opts.now ?? Date.now)()),
      status: res.status,
    };
  }
  if (json === null)
    return {
      ok: false,
      error: `${new URL(url).host} answered with something that is not JSON`,
      transient: false,
      retryAfterMs: null,
      status: null,
    };
  return { ok: true, status: res.status, json };
}

/** Both APIs put a human sentence at error.message. */
function errorMessage(json: unknown): string | null {
  const m = (json as { error?: { message?: unknown } } | null)?.error?.message;
  return typeof m === "string" ? m : null;
}
