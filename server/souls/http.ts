// POST a JSON body to a provider with a time limit; every way it can go wrong comes back as one sentence.

export type Posted = { ok: true; status: number; json: unknown } | { ok: false; error: string };

export async function postJson(
  url: string,
  headers: Record<string, string>,
  body: unknown,
  opts: { timeoutMs: number; signal?: AbortSignal },
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
      return { ok: false, error: `no answer from ${new URL(url).host} within ${opts.timeoutMs} ms` };
    return { ok: false, error: `could not reach ${new URL(url).host}: ${(e as Error).message}` };
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
    return { ok: false, error: `HTTP ${res.status} from ${new URL(url).host}${said ? `: ${said}` : ""}` };
  }
  if (json === null)
    return { ok: false, error: `${new URL(url).host} answered with something that is not JSON` };
  return { ok: true, status: res.status, json };
}

/** Both APIs put a human sentence at error.message. */
function errorMessage(json: unknown): string | null {
  const m = (json as { error?: { message?: unknown } } | null)?.error?.message;
  return typeof m === "string" ? m : null;
}
