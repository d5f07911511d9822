// Which addresses a webhook may reach (shared/spec/notifications.md, "Webhooks"): global unicast only. The ranges
// are ipaddr.js's names for IANA's special-purpose registries, the data request-filtering-agent refuses by at connect
// time (server/jobs/webhook-post.ts); what that library lets through and we refuse as well is named here: IPv6
// outside 2000::/3 (IPv4-compatible ::a.b.c.d among it) and the host's own addresses.
import { lookup as dnsLookup, type LookupAddress } from "node:dns";
import { isIP, type LookupFunction } from "node:net";
import { networkInterfaces } from "node:os";
import ipaddr from "ipaddr.js";
import { env } from "../env";

/** Each special range ipaddr.js names, as a sentence says it. A name missing here still refuses its range. */
const RANGE: Record<string, string> = {
  unspecified: "an unspecified address",
  broadcast: "the broadcast address",
  multicast: "a multicast address",
  linkLocal: "a link-local address",
  loopback: "a loopback address",
  carrierGradeNat: "a shared (carrier-grade NAT) address",
  private: "a private address",
  reserved: "a reserved address",
  benchmarking: "a benchmarking address",
  as112: "an AS112 address",
  as112v6: "an AS112 address",
  amt: "an AMT relay address",
  uniqueLocal: "a unique local (private) address",
  deprecatedSiteLocal: "a site-local address",
  discard: "a discard-only address",
  ipv4Mapped: "an IPv4-mapped address",
  rfc6145: "an IPv4-translated address",
  rfc6052: "a NAT64 address",
  "6to4": "a 6to4 address",
  teredo: "a Teredo address",
};

const GLOBAL_UNICAST_V6 = ipaddr.IPv6.parseCIDR("2000::/3");
const IPV4_COMPATIBLE = ipaddr.IPv6.parseCIDR("::/96");

const parse = (address: string) => {
  try {
    // ipaddr.js reads a dotted ::a.b.c.d as ::ffff:a.b.c.d (refused either way); the URL parser writes it in hex, as
    // the IPv4-compatible address it is
    const hex = address.includes(":") && address.includes(".") && !address.includes("%");
    return ipaddr.parse(hex ? new URL(`http://[${address}]/`).hostname.slice(1, -1) : address);
  } catch {
    return null;
  }
};

const same = (a: ipaddr.IPv4 | ipaddr.IPv6, b: ipaddr.IPv4 | ipaddr.IPv6) =>
  a.kind() === b.kind() && a.toNormalizedString() === b.toNormalizedString();

/** This machine's interface addresses (the loopback ones included), read anew at each call. */
export function ownAddresses(): string[] {
  return Object.values(networkInterfaces()).flatMap((list) => (list ?? []).map((i) => i.address));
}

/** What request-filtering-agent does not refuse and we do: IPv6 outside global unicast, and this host's own. */
export function refusedBeyondLibrary(address: string, own: readonly string[]): string | null {
  const ip = parse(address);
  if (!ip) return "not an address";
  if (ip.kind() === "ipv6" && !ip.match(GLOBAL_UNICAST_V6)) {
    return ip.match(IPV4_COMPATIBLE) ? "an IPv4-compatible address" : "a reserved address";
  }
  return own.some((o) => {
    const mine = parse(o);
    return mine !== null && same(ip, mine);
  })
    ? "this host's own address"
    : null;
}

/** Why a webhook may not reach this address (a noun phrase: "a loopback address"); null when it may. */
export function addressRefusal(address: string, own: readonly string[]): string | null {
  const ip = parse(address);
  if (!ip) return "not an address";
  const range: string = ip.range();
  if (range !== "unicast") return RANGE[range] ?? `a special-purpose address (${range})`;
  return refusedBeyondLibrary(address, own);
}

/** What is reached, as a refusal names it: a webhook unless said otherwise (an OAuth client's metadata document). */
export type Reached = { what: string; rule: string };
export const WEBHOOK: Reached = {
  what: "webhook",
  rule: "webhooks reach only public addresses unless PARLEY_WEBHOOK_ALLOW_PRIVATE=on",
};

/** The refusal as the owner reads it, at registration and in a delivery's attempt; null when allowed. */
export function reachRefusal(
  host: string,
  address: string,
  own: readonly string[],
  reached: Reached = WEBHOOK,
): string | null {
  const kind = addressRefusal(address, own);
  if (!kind) return null;
  const where =
    host === address
      ? `The ${reached.what}'s address ${address} is ${kind}`
      : `The ${reached.what}'s host ${host} is at ${address}, ${kind}`;
  return `${where}: ${reached.rule}.`;
}

/** The URL when a webhook may be sent to it as written (http(s), no credentials); else why not, in one sentence. */
export function webhookUrl(raw: string): URL | string {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return "The webhook's URL is not a URL.";
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") return "A webhook's URL is http:// or https://.";
  if (url.username || url.password) return "A webhook's URL carries no user name or password.";
  return url;
}

/**
 * Why this URL may not receive a webhook, in one sentence; null when it may. A name is resolved here only to tell the
 * owner early: each delivery checks the address it connects to, whatever this answered.
 */
export async function webhookUrlRefusal(
  raw: string,
  lookup: LookupFunction = dnsLookup as LookupFunction,
): Promise<string | null> {
  const url = webhookUrl(raw);
  if (typeof url === "string") return url;
  if (env().PARLEY_WEBHOOK_ALLOW_PRIVATE) return null;
  const host = url.hostname.replace(/^\[|\]$/g, "");
  let addresses: string[];
  try {
    addresses = isIP(host) ? [host] : await resolveAll(host, lookup);
  } catch {
    return `The webhook's host ${host} does not resolve.`;
  }
  const own = ownAddresses();
  for (const a of addresses) {
    const refused = reachRefusal(host, a, own);
    if (refused) return refused;
  }
  return null;
}

const resolveAll = (host: string, lookup: LookupFunction) =>
  new Promise<string[]>((done, fail) =>
    lookup(host, { all: true }, (err, answers) =>
      err ? fail(err) : done((answers as LookupAddress[]).map((a) => a.address)),
    ),
  );
