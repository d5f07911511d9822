// Which addresses a webhook may reach: global unicast only. The classifier over IANA's special-purpose registries
// (IPv4 and IPv6) and every IPv6 form of an IPv4 address; the host's own addresses in any spelling; the connect-time
// guard (request-filtering-agent plus what we add) refusing exactly what the classifier refuses; URL spellings of
// loopback refused at registration; a name whose answers include a refused one never connected to.
import { createServer } from "node:http";
import type { AddressInfo, LookupFunction } from "node:net";
import { RequestFilteringHttpAgent } from "request-filtering-agent";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { webhookUrlRefusal } from "./webhook-reach";
import { postWebhook } from "./webhook-post";
import { addressRefusal, ownAddresses, refusedBeyondLibrary } from "./webhook-reach";

/** Refused addresses, each with the phrase the refusal names it by. */
const REFUSED: [string, string][] = [
  // IPv4 special-purpose registry
  ["0.0.0.0", "an unspecified address"],
  ["0.1.2.3", "an unspecified address"],
  ["10.1.2.3", "a private address"],
  ["100.64.0.1", "a shared (carrier-grade NAT) address"],
  ["100.127.255.254", "a shared (carrier-grade NAT) address"],
  ["127.0.0.1", "a loopback address"],
  ["127.255.255.254", "a loopback address"],
  ["169.254.169.254", "a link-local address"],
  ["172.16.0.1", "a private address"],
  ["172.31.255.254", "a private address"],
  ["192.0.0.1", "a reserved address"],
  ["192.0.0.9", "a reserved address"],
  ["192.0.0.170", "a reserved address"],
  ["192.0.2.1", "a reserved address"],
  ["192.31.196.1", "an AS112 address"],
  ["192.52.193.1", "an AMT relay address"],
  ["192.88.99.1", "a reserved address"],
  ["192.168.1.1", "a private address"],
  ["192.175.48.1", "an AS112 address"],
  ["198.18.0.1", "a reserved address"],
  ["198.19.255.254", "a reserved address"],
  ["198.51.100.7", "a reserved address"],
  ["203.0.113.7", "a reserved address"],
  ["224.0.0.251", "a multicast address"],
  ["239.255.255.250", "a multicast address"],
  ["240.0.0.1", "a reserved address"],
  ["255.255.255.254", "a reserved address"],
  ["255.255.255.255", "the broadcast address"],
  // IPv6 special-purpose registry
  ["::", "an unspecified address"],
  ["::1", "a loopback address"],
  ["64:ff9b:1::a00:1", "a NAT64 address"],
  ["100::1", "a discard-only address"],
  ["2001::1", "a Teredo address"],
  ["2001:1::1", "a reserved address"],
  ["2001:2::1", "a benchmarking address"],
  ["2001:3::1", "an AMT relay address"],
  ["2001:4:112::1", "an AS112 address"],
  ["2001:db8::1", "a reserved address"],
  ["2001:20::1", "a special-purpose address (orchid2)"],
  ["2001:30::1", "a special-purpose address (droneRemoteIdProtocolEntityTags)"],
  ["2620:4f:8000::1", "an AS112 address"],
  ["3fff::1", "a reserved address"],
  ["5f00::1", "a special-purpose address (segmentRouting)"],
  ["fc00::1", "a unique local (private) address"],
  ["fd00::2", "a unique local (private) address"],
  ["fe80::1", "a link-local address"],
  ["fec0::1", "a site-local address"],
  ["ff02::1", "a multicast address"],
  // IPv6 outside global unicast 2000::/3
  ["4000::1", "a reserved address"],
  ["1::1", "a reserved address"],
  // IPv4 in IPv6, whatever IPv4 address it carries
  ["::ffff:7f00:1", "an IPv4-mapped address"],
  ["::ffff:127.0.0.1", "an IPv4-mapped address"],
  ["::ffff:808:808", "an IPv4-mapped address"],
  ["::7f00:1", "an IPv4-compatible address"],
  ["::127.0.0.1", "an IPv4-compatible address"],
  ["::808:808", "an IPv4-compatible address"],
  ["::ffff:0:7f00:1", "an IPv4-translated address"],
  ["64:ff9b::7f00:1", "a NAT64 address"],
  ["64:ff9b::127.0.0.1", "a NAT64 address"],
  ["64:ff9b::808:808", "a NAT64 address"],
  ["2002:7f00:1::", "a 6to4 address"],
  ["2002:808:808::1", "a 6to4 address"],
  ["2001:0:4136:e378:8000:63bf:80ff:fffe", "a Teredo address"],
];

const ALLOWED = [
  "1.1.1.1",
  "8.8.8.8",
  "93.184.215.14",
  "100.63.255.255",
  "100.128.0.1",
  "172.32.0.1",
  "192.0.3.1",
  "198.17.255.255",
  "198.20.0.1",
  "223.255.255.254",
  "2001:200::1",
  "2001:4860:4860::8888",
  "2606:4700:4700::1111",
  "2a00:1450:4001::1",
];

/** request-filtering-agent's own verdict on a connection to `address`, taken before any packet is sent. */
function libraryRefuses(address: string): boolean {
  let refused: Error | null = null;
  const socket = new RequestFilteringHttpAgent().createConnection(
    { host: address, port: 9 },
    (e) => (refused = e),
  );
  socket.destroy(); // an allowed address is never connected to: its connect waits for the next tick
  return refused !== null;
}

describe("the addresses a webhook may reach", () => {
  it("refuse every special-purpose range, v4 and v6, naming it", () => {
    for (const [address, kind] of REFUSED) expect(addressRefusal(address, []), address).toBe(kind);
  });

  it("allow global unicast, up to the edges of the special ranges", () => {
    for (const address of ALLOWED) expect(addressRefusal(address, []), address).toBeNull();
  });

  it("refuse this host's own addresses, in any spelling", () => {
    expect(addressRefusal("8.8.8.8", ["10.0.0.2", "8.8.8.8"])).toBe("this host's own address");
    expect(addressRefusal("2001:4860:4860::8888", ["2001:4860:4860:0:0:0:0:8888"])).toBe(
      "this host's own address",
    );
    expect(addressRefusal("2001:4860:4860::8889", ["2001:4860:4860::8888"])).toBeNull();
    expect(ownAddresses()).toContain("127.0.0.1");
  });

  it("are refused at connect time exactly as the classifier says: the library, and what we add beyond it", () => {
    for (const address of [...REFUSED.map(([a]) => a), ...ALLOWED]) {
      const library = libraryRefuses(address);
      const ours = addressRefusal(address, []) !== null;
      expect(library || refusedBeyondLibrary(address, []) !== null, address).toBe(ours);
      if (library) expect(ours, address).toBe(true); // never a refusal the owner was not told of
    }
  });

  it("refuse loopback at registration in every spelling a URL takes", async () => {
    delete process.env.PARLEY_WEBHOOK_ALLOW_PRIVATE;
    for (const host of [
      "127.1",
      "2130706433",
      "0x7f000001",
      "0177.0.0.1",
      "[0:0:0:0:0:ffff:127.0.0.1]",
      "[::ffff:127.0.0.1]",
      "[::127.0.0.1]",
      "[64:ff9b::127.0.0.1]",
      "[2002:7f00:0001::]",
    ])
      expect(await webhookUrlRefusal(`http://${host}:9/`), host).toMatch(
        /^The webhook's address \S+ is an? [^:]+: webhooks reach only public addresses unless PARLEY_WEBHOOK_ALLOW_PRIVATE=on\.$/,
      );
  });
});

describe("a delivery's connection", () => {
  const hits: string[] = [];
  const receiver = createServer((req, res) => (hits.push(req.url ?? ""), res.end()));
  let port = 0;
  beforeAll(async () => {
    await new Promise<void>((r) => receiver.listen(0, "127.0.0.1", () => r()));
    port = (receiver.address() as AddressInfo).port;
  });
  afterAll(() => new Promise((r) => receiver.close(r)));

  /** A resolver answering `answers` for every name, counting how often it is asked. */
  const answering = (answers: string[]) => {
    const asked = { count: 0 };
    const lookup: LookupFunction = (_host, options, callback) => {
      asked.count++;
      const all = answers.map((address) => ({ address, family: address.includes(":") ? 6 : 4 }));
      if (options.all) callback(null, all);
      else callback(null, all[0]!.address, all[0]!.family);
    };
    return { lookup, asked };
  };
  const post = (host: string, lookup: LookupFunction, allowPrivate: boolean) =>
    postWebhook(new URL(`http://${host}:${port}/hook`), { "content-type": "application/json" }, "{}", {
      allowPrivate,
      timeoutMs: 2000,
      lookup,
    });

  it("refuses a name when any answer is refused, on the one lookup it connects by, and sends nothing", async () => {
    for (const answers of [["127.0.0.1"], ["8.8.8.8", "127.0.0.1"], ["::ffff:7f00:1"], ["::7f00:1"]]) {
      const { lookup, asked } = answering(answers);
      await expect(post("hooks.parley.test", lookup, false), answers.join()).rejects.toThrow(
        /^The webhook's host hooks\.parley\.test is at \S+, an? [^:]+: webhooks reach only public addresses/,
      );
      expect(asked.count, answers.join()).toBe(1);
    }
    await expect(post("[::7f00:1]", answering([]).lookup, false)).rejects.toThrow(
      "The webhook's address ::7f00:1 is an IPv4-compatible address: webhooks reach only public addresses unless PARLEY_WEBHOOK_ALLOW_PRIVATE=on.",
    );
    expect(hits).toEqual([]);
  });

  it("reaches a loopback receiver by the same lookup when private addresses are allowed", async () => {
    const { lookup, asked } = answering(["127.0.0.1"]);
    expect(await post("hooks.parley.test", lookup, true)).toBe(200);
    expect(asked.count).toBe(1);
    expect(hits).toEqual(["/hook"]);
  });
});
