// HTTP helpers for end-to-end tests: sign up and sign in through next-auth like a browser, read SSE.
export async function signUp(base: string, name: string, password = "correct horse battery") {
  const r = await fetch(`${base}/api/accounts`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ name, password }),
  });
  if (r.status !== 201) throw new Error(`sign-up failed: ${r.status} ${await r.text()}`);
  return signIn(base, name, password);
}

/** The credentials flow: csrf token, then the callback; returns the session cookie header. */
export async function signIn(base: string, name: string, password: string): Promise<string> {
  const csrf = await fetch(`${base}/api/auth/csrf`);
  const { csrfToken } = (await csrf.json()) as { csrfToken: string };
  const jar = cookiesOf(csrf);
  const r = await fetch(`${base}/api/auth/callback/credentials`, {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded", cookie: jar },
    body: new URLSearchParams({ csrfToken, name, password, callbackUrl: base }),
  });
  const session = cookiesOf(r)
    .split("; ")
    .find((c) => c.startsWith("authjs.session-token="));
  if (!session) throw new Error(`sign-in failed: ${r.status}`);
  return session;
}

/** One MCP tool call posted as a client of the Streamable HTTP door posts it (a JSON answer), with extra headers. */
export const mcpToolCall = (base: string, name: string, args: object, headers: Record<string, string> = {}) =>
  fetch(`${base}/mcp`, {
    method: "POST",
    headers: {
      ...headers,
      "content-type": "application/json",
      accept: "application/json, text/event-stream",
    },
    body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/call", params: { name, arguments: args } }),
  });

function cookiesOf(r: Response): string {
  return r.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
}

/** An SSE stream's frames as they arrive: each one's `event`, `id` and `data` lines (absent ones undefined). */
async function* sseFrames(
  body: ReadableStream<Uint8Array>,
): AsyncGenerator<{ event?: string; id?: string; data?: string }> {
  const reader = body.getReader();
  const text = new TextDecoder();
  let buf = "";
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return;
    buf += text.decode(value, { stream: true });
    let i: number;
    while ((i = buf.indexOf("\n\n")) >= 0) {
      const frame = buf.slice(0, i);
      buf = buf.slice(i + 2);
      const line = (name: string) => new RegExp(`^${name}: (.*)$`, "m").exec(frame)?.[1];
      yield { event: line("event"), id: line("id"), data: line("data") };
    }
  }
}

/** Reads an SSE stream and resolves with the first event matching `want`. */
export async function nextEvent(
  url: string,
  headers: Record<string, string>,
  want: (e: { id: string; data: any }) => boolean,
  timeoutMs = 15_000,
): Promise<{ id: string; data: any }> {
  const abort = new AbortController();
  const timer = setTimeout(() => abort.abort(), timeoutMs);
  try {
    const res = await fetch(url, { headers, signal: abort.signal });
    for await (const { id, data } of sseFrames(res.body!))
      if (id && data) {
        const e = { id, data: JSON.parse(data) };
        if (want(e)) return e;
      }
    throw new Error("stream ended");
  } finally {
    clearTimeout(timer);
    abort.abort();
  }
}

/** Calls to the app as a signed-in person (same-origin, as the browser would send them): status and JSON body. */
export function asPerson(base: string) {
  const call = caller(base);
  return (method: string, path: string, cookie: string, body?: unknown) =>
    call(method, path, { cookie }, body);
}

/**
 * Calls to the app as a signed-in person (same-origin) or as an agent with its bearer token: status and JSON body.
 */
export function caller(base: string) {
  return async (method: string, path: string, auth: { cookie?: string; token?: string }, body?: unknown) => {
    const r = await fetch(`${base}${path}`, {
      method,
      headers: {
        ...(auth.cookie ? { cookie: auth.cookie, origin: base } : {}),
        ...(auth.token ? { authorization: `Bearer ${auth.token}` } : {}),
        ...(body === undefined ? {} : { "content-type": "application/json" }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: r.status, body: (await r.json()) as any };
  };
}

/** A session cookie header ("name=value") as a browser context's cookie for the app. */
export const cookieFor = (base: string, cookie: string) => {
  const [name, ...value] = cookie.split("=");
  return { name: name!, value: value.join("="), url: base };
};

/**
 * A watcher of the live feed, as EventSource is: it reconnects when its stream ends or fails, with the last event id
 * it had as Last-Event-ID (from `from` at first), until stopped; `resumes` counts the streams it opened after its
 * first. The ids of the `live` events it got are in `ids`, in the order they came.
 */
export class Watcher {
  readonly ids: string[] = [];
  connected = false;
  resumes = 0;
  resets = 0;
  private stopped = false;
  private readonly abort = new AbortController();
  private readonly done: Promise<void>;

  constructor(url: string, from: string) {
    this.done = this.run(url, from);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.abort.abort();
    await this.done;
  }

  private async run(url: string, from: string) {
    let last = from;
    let opened = 0;
    while (!this.stopped) {
      try {
        // held here for the stream's whole life: undici cancels the body of a collected Response
        const res = await fetch(url, { headers: { "last-event-id": last }, signal: this.abort.signal });
        if (res.status !== 200) {
          await res.body?.cancel();
          throw new Error(`the feed answered ${res.status}`);
        }
        if (opened++ > 0) this.resumes++;
        this.connected = true;
        for await (const { event, id } of sseFrames(res.body!)) {
          if (event === "reset") this.resets++;
          if (event === "live" && id) this.ids.push((last = id));
        }
      } catch {
        /* the stream failed or was refused: try again */
      }
      this.connected = false;
      if (!this.stopped) await new Promise((r) => setTimeout(r, 200));
    }
  }
}
