// A webhook delivery's one POST, checked on the address it connects to, when it connects: request-filtering-agent's
// http(s).Agent refuses every answer of the connect-time lookup (and an address written in the URL) outside global
// unicast, as ipaddr.js names the special ranges; the lookup we hand it refuses what that library lets through
// (server/jobs/webhook-reach.ts). The name is resolved once, by the connection itself, so no earlier check can be
// answered differently. Redirects are answers, never followed.
import { lookup as dnsLookup } from "node:dns";
import http from "node:http";
import https from "node:https";
import { isIP, type LookupFunction } from "node:net";
import { RequestFilteringHttpAgent, RequestFilteringHttpsAgent } from "request-filtering-agent";
import { ownAddresses, reachRefusal, refusedBeyondLibrary } from "./webhook-reach";

export type PostOptions = {
  /** PARLEY_WEBHOOK_ALLOW_PRIVATE: no address is refused. */
  allowPrivate: boolean;
  timeoutMs: number;
  /** The resolver the connection asks (dns.lookup unless a test injects one). */
  lookup?: LookupFunction;
};

/** POSTs `body` to `url`: resolves with the answer's status, rejects with an error whose message is one sentence. */
export async function postWebhook(
  url: URL,
  headers: Record<string, string>,
  body: string,
  options: PostOptions,
): Promise<number> {
  const own = ownAddresses();
  const host = url.hostname.replace(/^\[|\]$/g, "");
  const tried: string[] = isIP(host) ? [host] : [];
  const refusal = () =>
    options.allowPrivate ? null : (tried.map((a) => reachRefusal(host, a, own)).find(Boolean) ?? null);
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
  try {
    return await new Promise<number>((done, fail) => {
      const req = (secure ? https : http).request(
        url,
        {
          method: "POST",
          headers: { ...headers, "content-length": String(Buffer.byteLength(body)) },
          agent,
          lookup,
          signal,
        },
        (res) => {
          done(res.statusCode ?? 0);
          res.destroy(); // the status is the answer; its body is not read
        },
      );
      req.on("error", (e: Error & { errors?: Error[] }) => {
        if (signal.aborted) return fail(new Error(`no answer in ${options.timeoutMs / 1000} s`));
        const why = e.message || e.errors?.map((x) => x.message).join("; ") || "the connection failed";
        fail(new Error(refusal() ?? why));
      });
      req.end(body);
    });
  } finally {
    agent.destroy();
  }
}
