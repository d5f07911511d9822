// A guest's address: behind trusted proxies the right-most X-Forwarded-For hop that is not one of them, never the
// client-written left-most; with no proxy the TCP peer, which a client cannot name for itself.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { trustedProxies } from "../env";
import { bareAddress, clientAddress, installPeerAddress, PEER_HEADER } from "./address";

const g = globalThis as unknown as { parleyPeerHook?: boolean };
const hooked = g.parleyPeerHook;
afterEach(() => {
  g.parleyPeerHook = hooked;
  delete process.env.PARLEY_TRUST_PROXY;
});

const req = (headers: Record<string, string>) => new Request("http://localhost/api/tables", { headers });
const trust = (v: string) => {
  process.env.PARLEY_TRUST_PROXY = v;
  return trustedProxies();
};

describe("PARLEY_TRUST_PROXY", () => {
  it("reads off, on, a number of hops, or a list of addresses and ranges", () => {
    expect(trust("")).toEqual({ hops: 0 });
    expect(trust("off")).toEqual({ hops: 0 });
    expect(trust("on")).toEqual({ hops: 1 });
    expect(trust("2")).toEqual({ hops: 2 });
    expect(trust("10.0.0.0/8, 192.0.2.7,::1")).toEqual({ addresses: ["10.0.0.0/8", "192.0.2.7", "::1"] });
    expect(() => trust("yes please")).toThrow(/PARLEY_TRUST_PROXY/);
    expect(() => trust("10.0.0.0/40")).toThrow(/PARLEY_TRUST_PROXY/);
  });
});

describe("a guest's address behind trusted proxies", () => {
  // The client wrote "6.6.6.6" itself; the proxy appended the address it saw the client at.
  const forged = { "x-forwarded-for": "6.6.6.6, 203.0.113.9" };

  it("is the right-most hop with one proxy (on), not the client-written left-most", () => {
    g.parleyPeerHook = false;
    expect(clientAddress(req(forged), trust("on"))).toBe("203.0.113.9");
  });

  it("skips a chain of N proxies from the right", () => {
    g.parleyPeerHook = false;
    const chain = { "x-forwarded-for": "6.6.6.6, 203.0.113.9, 10.0.0.2" };
    expect(clientAddress(req(chain), trust("2"))).toBe("203.0.113.9");
    // more hops trusted than there are: the furthest there is, never a made-up one
    expect(clientAddress(req(forged), trust("5"))).toBe("6.6.6.6");
  });

  it("with the proxies listed, is the right-most hop that is not one of them", () => {
    g.parleyPeerHook = false;
    const chain = { "x-forwarded-for": "6.6.6.6, 203.0.113.9, 10.1.2.3, 192.0.2.7" };
    expect(clientAddress(req(chain), trust("10.0.0.0/8,192.0.2.7"))).toBe("203.0.113.9");
  });

  it("counts the peer (the nearest proxy) when this process's hook names it", () => {
    g.parleyPeerHook = true;
    const viaProxy = { ...forged, [PEER_HEADER]: "::ffff:10.0.0.2" };
    expect(clientAddress(req(viaProxy), trust("on"))).toBe("203.0.113.9");
    expect(clientAddress(req(viaProxy), trust("10.0.0.0/8"))).toBe("203.0.113.9");
    // a listed proxy list also tells a request that went around the proxy: its peer is the client
    const around = { ...forged, [PEER_HEADER]: "198.51.100.4" };
    expect(clientAddress(req(around), trust("10.0.0.0/8"))).toBe("198.51.100.4");
  });

  it("is each request's own peer, one request after another from different peers", () => {
    g.parleyPeerHook = true;
    for (const [peer, bare] of [
      ["::ffff:198.51.100.4", "198.51.100.4"],
      ["::ffff:198.51.100.4", "198.51.100.4"],
      ["203.0.113.9", "203.0.113.9"],
      ["::ffff:198.51.100.4", "198.51.100.4"],
    ])
      expect(clientAddress(req({ [PEER_HEADER]: peer! }), trust("off"))).toBe(bare);
    // no peer named: the nearest X-Forwarded-For hop, as before any peer was seen
    expect(clientAddress(req({ [PEER_HEADER]: "", "x-forwarded-for": "192.0.2.1" }), trust("off"))).toBe(
      "192.0.2.1",
    );
  });

  it("reads hops with ports, brackets and IPv4-mapped IPv6 as plain addresses", () => {
    expect(bareAddress(" 203.0.113.9:5123 ")).toBe("203.0.113.9");
    expect(bareAddress("[2001:DB8::1]:443")).toBe("2001:db8::1");
    expect(bareAddress("::ffff:127.0.0.1")).toBe("127.0.0.1");
    expect(bareAddress("2001:db8::1")).toBe("2001:db8::1");
  });
});

describe("a guest's address with no proxy", () => {
  it("is the peer Next writes into X-Forwarded-For, and not one guest bucket for everyone", () => {
    g.parleyPeerHook = false;
    expect(clientAddress(req({ "x-forwarded-for": "203.0.113.9" }), trust("off"))).toBe("203.0.113.9");
    expect(clientAddress(req({ "x-forwarded-for": "198.51.100.4" }), trust("off"))).toBe("198.51.100.4");
  });

  it("is the TCP peer through the hook, whatever X-Forwarded-For or the peer header a client sends", async () => {
    installPeerAddress();
    const server = http.createServer((incoming, res) => {
      const headers = new Headers();
      for (const [k, v] of Object.entries(incoming.headers)) if (typeof v === "string") headers.set(k, v);
      res.end(clientAddress(new Request("http://localhost/", { headers }), { hops: 0 }));
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    try {
      const { port } = server.address() as AddressInfo;
      const r = await fetch(`http://127.0.0.1:${port}/`, {
        headers: { "x-forwarded-for": "6.6.6.6", [PEER_HEADER]: "7.7.7.7" },
      });
      expect(await r.text()).toBe("127.0.0.1");
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
