// A guest's address, for its rate limits: the TCP peer, or behind trusted proxies (PARLEY_TRUST_PROXY) the right-most
// X-Forwarded-For hop that is not one of them — never the left-most, which is whatever the client wrote.
//
// A route handler's Request carries no peer address. Next writes one into X-Forwarded-For itself, but only when the
// request came without that header (`headers['x-forwarded-for'] ??= socket.remoteAddress`, next/dist/server/
// base-server.js), so a client talking to the server directly could name any address it likes there. So the server
// writes the socket's peer into PEER_HEADER, over anything a client sent under that name, before anything reads the
// request. Our own listener (server/main.ts) does it for the requests it hands to Next, and the fast lane answers the
// header from the socket for the doors (server/http/asked.ts, server/fast/lane.ts): a web door's Request is built
// from the raw headers, which never held what a hook wrote into node's headers object, so tRPC and MCP once keyed a
// guest by whatever X-Forwarded-For it sent. When Next runs alone (`next dev`, `next start`), a hook on Node's
// `http.server.request.start` diagnostics channel does it (instrumentation.ts); our listener does not subscribe one,
// since every request would pay for publishing to it (docs/decisions/0002-plain-door.md). The header is
// believed only in a process where one of the two writes it; elsewhere (tests, a server of another make) the nearest
// hop is the right-most X-Forwarded-For entry, as Next writes it for a direct peer.
import { subscribe } from "node:diagnostics_channel";
import type { IncomingMessage } from "node:http";
import { BlockList, isIP } from "node:net";
import { trustedProxies, type TrustedProxies } from "../env";
import type { HeadersLike } from "./asked";

export const PEER_HEADER = "x-parley-peer";

const g = globalThis as unknown as { parleyPeerHook?: boolean };

/** Writes each request's TCP peer into PEER_HEADER before the app sees it, when Next serves alone; once per process. */
export function installPeerAddress(): void {
  if (g.parleyPeerHook) return;
  g.parleyPeerHook = true;
  subscribe("http.server.request.start", (message) => {
    writePeer((message as { request: IncomingMessage }).request);
  });
}

/**
 * This process's own listener writes every request's peer (server/main.ts): the header is believed, and the hook of
 * instrumentation.ts is not subscribed.
 */
export function peerWrittenByServer(): void {
  g.parleyPeerHook = true;
}

/** A request's TCP peer, as PEER_HEADER carries it ("" once the socket is gone). */
export const socketPeer = (request: IncomingMessage): string => request.socket.remoteAddress ?? "";

/** A request's TCP peer, written over anything its client sent under PEER_HEADER. */
export function writePeer(request: IncomingMessage): void {
  request.headers[PEER_HEADER] = socketPeer(request);
}

/** One hop as an address: no port, no brackets, an IPv4-mapped IPv6 address as plain IPv4, lower case. */
export function bareAddress(hop: string): string {
  let a = hop.trim().toLowerCase();
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(a);
  if (bracketed) a = bracketed[1]!;
  else if (/^[\d.]+:\d+$/.test(a)) a = a.slice(0, a.lastIndexOf(":"));
  const mapped = /^::ffff:([\d.]+)$/.exec(a);
  if (mapped && isIP(mapped[1]!) === 4) a = mapped[1]!;
  return a;
}

let listed: { key: string; list: BlockList } | null = null;
function blockList(addresses: string[]): BlockList {
  const key = addresses.join(",");
  if (listed?.key === key) return listed.list;
  const list = new BlockList();
  for (const entry of addresses) {
    const [ip, bits] = entry.split("/");
    const family = isIP(bareAddress(ip!)) === 6 ? "ipv6" : "ipv4";
    if (bits === undefined) list.addAddress(bareAddress(ip!), family);
    else list.addSubnet(bareAddress(ip!), Number(bits), family);
  }
  listed = { key, list };
  return list;
}

const isProxy = (list: BlockList, hop: string) => {
  const family = isIP(hop);
  return family !== 0 && list.check(hop, family === 6 ? "ipv6" : "ipv4");
};

/** The TCP peer, when this process's hook wrote it (else a client could name its own). */
function peerOf(req: { headers: HeadersLike }): string | null {
  if (!g.parleyPeerHook) return null;
  const raw = req.headers.get(PEER_HEADER) ?? "";
  // A client's connection makes request after request from one peer: the last one's bare form is kept.
  if (raw !== lastPeer.raw) lastPeer = { raw, bare: bareAddress(raw) };
  return lastPeer.bare || null;
}
let lastPeer = { raw: "", bare: "" };

/** Who a guest is for the rate limits: its address as described above ("unknown" when nothing names one). */
export function clientAddress(
  req: { headers: HeadersLike },
  trust: TrustedProxies = trustedProxies(),
): string {
  const peer = peerOf(req);
  const direct = "hops" in trust && trust.hops === 0;
  if (direct && peer) return peer;
  const forwarded = (req.headers.get("x-forwarded-for") ?? "").split(",").map(bareAddress).filter(Boolean);
  if (direct) return forwarded.at(-1) ?? "unknown";
  // The hops nearest last: what each proxy appended, then the peer (the nearest proxy itself) when it is known.
  const hops = peer ? [...forwarded, peer] : forwarded;
  if ("hops" in trust) {
    // N proxies wrote the N right-most hops, the nearest's own address is the peer: skip them, the next is the client.
    const skip = peer ? trust.hops : trust.hops - 1;
    return hops[Math.max(0, hops.length - 1 - skip)] ?? "unknown";
  }
  const list = blockList(trust.addresses);
  for (let i = hops.length - 1; i >= 0; i--) if (!isProxy(list, hops[i]!)) return hops[i]!;
  return hops[0] ?? "unknown";
}
