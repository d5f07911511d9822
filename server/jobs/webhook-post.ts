// A webhook delivery's one POST (and any other request to a URL someone outside gave us: an OAuth client's metadata
// document), checked on the address it connects to, when it connects: request-filtering-agent's
// http(s).Agent refuses every answer of the connect-time lookup (and an address written in the URL) outside global
// unicast, as ipaddr.js names the special ranges; the lookup we hand it refuses what that library lets through
// (server/jobs/webhook-reach.ts). The name is resolved once, by the connection itself, so no earlier check can be
// answered differently. Redirects are answers, never followed.
import { lookup as dnsLookup } from "node:dns";
import http from "node:http";
import https from "node:https";
import { isIP, type LookupFunction } from "node:net";
import { RequestFilteringHttpAgent, RequestFilteringHttpsAgent } from "request-filtering-agent";
import type { IncomingHttpHeaders } from "node:http";
import { ownAddresses, reachRefusal, refusedBeyondLibrary, WEBHOOK, type Reached } from "./webhook-reach";

export type PostOptions = {
  /** PARLEY_WEBHOOK_ALLOW_PRIVATE (or the switch of what is reached): no address is refused. */
  allowPrivate: boolean;
  timeoutMs: number;
  /** The resolver the connection asks (dns.lookup unless a test injects one). */
  lookup?: LookupFunction;
};

/** POSTs `body` to `url`: resolves with the answer's status, rejects with an error whose message is one sentence. */
/** POSTs `body` to `url`: resolves with the answer's status, rejects with an error whose message is one sentence. */
export async function postWebhook(
  url: URL,
  headers: Record<string, string>,
  body: string,
  options: PostOptions,
): Promise<number> {
  return (await requestChecked(url, { method: "POST", headers, body }, options)).status;
}

/** An answer: its status and headers, and its body when it was asked for (`maxBytes`). */
export type Reply = { status: number; headers: IncomingHttpHeaders; body: Buffer | null };

export type CheckedOptions = PostOptions & {
  /** What is reached, as a refusal names it (a webhook unless said). */
  reached?: Reached;
  /** Read the answer's body, up to this many bytes: a longer one fails the request. Unread when not given. */
  maxBytes?: number;
};

/**
 * One request to `url`, on the address check above: resolves with the answer (a redirect is an answer, never
 * followed), rejects with an error whose message is one sentence; `timeoutMs` bounds the whole of it, body included.
 */
export async function requestChecked(
  url: URL,
  init: { method: string; headers: Record<string, string>; body?: string },
  options: CheckedOptions,
): Promise<Reply> {
  const reached = options.reached ?? WEBHOOK;
  const own = ownAddresses();
  const host = url.hostname.replace(/^\[|\]$/g, "");
  const tried: string[] = isIP(host) ? [host] : [];
  const refusal = () =>
    options.allowPrivate
      ? null
      : (tried.map((a) => reachRefusal(host, a, own, reached)).find(Boolean) ?? null);
  if (tried.length && !options.allowPrivate && refusedBeyondLibrary(host, own)) throw new Error(refusal()!);

  const resolve: LookupFunction = options.lookup ?? (dnsLookup as LookupFunction);
  const lookup: LookupFunction = (hostname, opts, callback) =>
    resolve(hostname, opts, (err, address, family) => {
      if (err) return callback(err, address, family);
      const answers = typeof address === "string" ? [address] : address.map((a) => a.address);
      tried.push(...answers);
      if (!options.allowPrivate && answers.some((a) => refusedBeyondLibrary(a, own)))
        return callback(new Error(refusal()!), address, family);
      callback(null, address, family);
    });

  const secure = url.protocol === "https:";
  const agent = options.allowPrivate
    ? new (secure ? https : http).Agent()
    : new (secure ? RequestFilteringHttpsAgent : RequestFilteringHttpAgent)();
  const signal = AbortSignal.timeout(options.timeoutMs);
  const { maxBytes } = options;
  try {
    return await new Promise<Reply>((done, fail) => {
      const failed = (e: Error & { errors?: Error[] }) => {
        if (signal.aborted) return fail(new Error(`no answer in ${options.timeoutMs / 1000} s`));
        const why = e.message || e.errors?.map((x) => x.message).join("; ") || "the connection failed";
        fail(new Error(refusal() ?? why));
      };
      const req = (secure ? https : http).request(
        url,
        {
          method: init.method,
          headers:
            init.body === undefined
              ? init.headers
              : { ...init.headers, "content-length": String(Buffer.byteLength(init.body)) },
          agent,
          lookup,
          signal,
        },
        (res) => {
          const answer = { status: res.statusCode ?? 0, headers: res.headers };
          if (maxBytes === undefined) {
            done({ ...answer, body: null });
            res.destroy(); // the status is the answer; its body is not read
            return;
          }
          const chunks: Buffer[] = [];
          let size = 0;
          res.on("data", (chunk: Buffer) => {
            size += chunk.length;
            if (size > maxBytes) {
              res.destroy();
              fail(new Error(`the answer is longer than ${maxBytes} bytes`));
            } else chunks.push(chunk);
          });
          res.on("end", () => done({ ...answer, body: Buffer.concat(chunks) }));
          res.on("error", failed);
        },
      );
      req.on("error", failed);
      req.end(init.body);
    });
  } finally {
    agent.destroy();
  }
}
