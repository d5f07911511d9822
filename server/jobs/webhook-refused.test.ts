// A plan's webhooks never reach what they must not (shared/spec/notifications.md, "Webhooks"), at the JSON API's door
// with real receivers: one on each of this machine's own non-loopback addresses, one on 127.0.0.1 reached through its
// IPv6 spellings (IPv4-mapped, IPv4-compatible, NAT64, 6to4) and through "localhost". Registering any of them is
// refused; a delivery forced to each (registered with PARLEY_WEBHOOK_ALLOW_PRIVATE=on, delivered with it off) records
// the refusal and brings the receiver nothing, while the same delivery with it on arrives wherever the form routes.
// A name that answers a public address first and loopback next is judged on the answer the connection uses.
import { lookup as dnsLookup } from "node:dns";
import { createServer, type Server } from "node:http";
import { connect, type AddressInfo, type LookupFunction } from "node:net";
import { networkInterfaces } from "node:os";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fixedClock } from "../clock";
import type { Who } from "../identity";
import { makeUser, testDatabase, type TestDatabase } from "../testing/db";
import { api } from "../testing/doors";
import { startQueue } from "./queue";
import { makeWebhookWorker, webhookUrlRefusal } from "./webhook";

const T0 = Date.parse("2026-12-01T09:00:00Z");
const REFUSED = /webhooks reach only public addresses unless PARLEY_WEBHOOK_ALLOW_PRIVATE=on\.$/;
const REBINDING = "rebinding.parley.test";

/** This machine's addresses a URL can name (not loopback, not link-local: a URL carries no zone). */
const interfaceAddresses = Object.values(networkInterfaces())
  .flatMap((l) => l ?? [])
  .filter((i) => !i.internal && !/^fe80:/i.test(i.address))
  .map((i) => i.address);

let db: TestDatabase;
let queue: Awaited<ReturnType<typeof startQueue>>;
let owner: Who & { kind: "user" };
const receivers: Server[] = [];
const hits: string[] = [];
/** Each name the injected resolver was asked, in order. */
const asked: string[] = [];

/** The resolver every delivery's connection asks here: the real one, but for REBINDING (public once, then loopback). */
const resolver: LookupFunction = (host, options, callback) => {
  asked.push(host);
  if (host !== REBINDING) return dnsLookup(host, options, callback);
  const address = asked.filter((h) => h === REBINDING).length === 1 ? "93.184.215.14" : "127.0.0.1";
  if (options.all) callback(null, [{ address, family: 4 }]);
  else callback(null, address, 4);
};

/** A receiver bound to `address`: what it is sent is recorded in `hits`; its port. */
async function receiver(address: string): Promise<number> {
  const s = createServer((req, res) => {
    hits.push(`${address} ${req.headers["webhook-id"]}`);
    res.end();
  });
  receivers.push(s);
  await new Promise<void>((r) => s.listen(0, address, () => r()));
  return (s.address() as AddressInfo).port;
}

/** Whether a plain TCP connection to host:port is answered (the form routes to the receiver on this machine). */
const routes = (host: string, port: number) =>
  new Promise<boolean>((done) => {
    const c = connect({ host, port, timeout: 1000 });
    c.on("connect", () => (c.destroy(), done(true)));
    c.on("timeout", () => (c.destroy(), done(false)));
    c.on("error", () => done(false));
  });

const as = () => api(db.prisma, owner, { clock: fixedClock(T0) });
const allowPrivate = (on: boolean) => (process.env.PARLEY_WEBHOOK_ALLOW_PRIVATE = on ? "on" : "off");

/** A fresh plan with one node, so every form has a plan (and a webhook allowance) of its own. */
async function plan(name: string): Promise<number> {
  const made = await as()("POST", "/api/plans", { name, nodes: [{ id: "a" }] });
  expect(made.status).toBe(201);
  return made.body.id;
}

/** The plan's first delivery once it has an attempt. */
async function firstAttempted(planId: number) {
  const end = Date.now() + 20_000;
  for (;;) {
    const d = (await as()("GET", `/api/plans/${planId}/webhooks`)).body.webhooks[0]?.deliveries[0];
    if (d?.attempts.length) return d;
    if (Date.now() > end) throw new Error(`plan ${planId}: no attempt in 20 s`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

beforeAll(async () => {
  process.env.PARLEY_RATE_LIMIT = "1000000";
  db = await testDatabase();
  queue = await startQueue(db, { webhook: makeWebhookWorker({ lookup: resolver }) }, { pollSeconds: 0.5 });
  // one attempt a job: a refused delivery is not retried behind the test's back once private addresses are allowed
  await queue.boss.updateQueue("webhook", { name: "webhook", retryLimit: 0 } as never);
  owner = await makeUser(db, "wh-refused");
});
afterAll(async () => {
  await queue?.stop();
  await db?.drop();
  await Promise.all(receivers.map((s) => new Promise((r) => s.close(r))));
  delete process.env.PARLEY_WEBHOOK_ALLOW_PRIVATE;
});

type Form = { url: string; host: string; port: number };

/**
 * Each form's registration is refused; registered while allowed and delivered while not, each delivery's attempt
 * records the refusal and nothing arrives; sent again while allowed, it arrives wherever the form routes here.
 */
async function refusedEverywhere(forms: Form[]) {
  hits.length = 0;
  const plans = new Map<string, number>();
  for (const f of forms) {
    const planId = await plan(f.host);
    plans.set(f.url, planId);
    allowPrivate(false);
    const refused = await as()("POST", `/api/plans/${planId}/webhooks`, {
      url: f.url,
      events: ["plan.outcome"],
    });
    expect(refused.status, f.url).toBe(422);
    expect(refused.body.error.message, f.url).toMatch(REFUSED);
    allowPrivate(true); // registered all the same, as a row the owner made while it was allowed
    const reg = await as()("POST", `/api/plans/${planId}/webhooks`, { url: f.url, events: ["plan.outcome"] });
    expect(reg.status, f.url).toBe(201);
  }

  allowPrivate(false);
  for (const planId of plans.values())
    expect(
      (
        await as()("POST", `/api/plans/${planId}/outcomes`, {
          node_id: "a",
          status: "success",
          evidence_hash: "e",
        })
      ).status,
    ).toBe(201);
  const deliveries = new Map<string, string>();
  for (const [url, planId] of plans) {
    const d = await firstAttempted(planId);
    expect(d.attempts[0], url).toMatchObject({ status: null, error: expect.stringMatching(REFUSED) });
    deliveries.set(url, d.id);
  }
  await new Promise((r) => setTimeout(r, 500));
  expect(hits).toEqual([]);

  // the same deliveries, sent with private addresses allowed, arrive wherever the spelling routes here: the
  // receivers were there to be reached, and only the refusal kept them out
  allowPrivate(true);
  const reachable = [];
  for (const f of forms) if (await routes(f.host.replace(/^\[|\]$/g, ""), f.port)) reachable.push(f.url);
  expect(reachable).toContain(forms[0]!.url);
  for (const url of reachable)
    expect(
      (
        await as()("POST", `/api/plans/${plans.get(url)}/webhooks/resend`, {
          delivery: deliveries.get(url),
        })
      ).status,
    ).toBe(200);
  const end = Date.now() + 20_000;
  while (hits.length < reachable.length && Date.now() < end) await new Promise((r) => setTimeout(r, 100));
  expect(hits.map((h) => h.split(" ")[1]).sort()).toEqual(reachable.map((u) => deliveries.get(u)).sort());
}

const spellingsOf = (address: string) =>
  address.includes(":") ? [`[${address}]`] : [address, `[::ffff:${address}]`];

describe("a plan's webhooks never reach a refused address", () => {
  it("follow no redirect: a 3xx is the delivery's answer, and where it points hears nothing", async () => {
    allowPrivate(true); // both receivers are on loopback; the redirect alone must not carry the delivery on
    const target = await receiver("127.0.0.1");
    const s = createServer((req, res) => {
      hits.push(`redirector ${req.headers["webhook-id"]}`);
      res.writeHead(302, { location: `http://127.0.0.1:${target}/elsewhere` }).end();
    });
    receivers.push(s);
    await new Promise<void>((r) => s.listen(0, "127.0.0.1", () => r()));
    const port = (s.address() as AddressInfo).port;
    const planId = await plan("redirect");
    expect(
      (
        await as()("POST", `/api/plans/${planId}/webhooks`, {
          url: `http://127.0.0.1:${port}/hook`,
          events: ["plan.outcome"],
        })
      ).status,
    ).toBe(201);
    hits.length = 0;
    await as()("POST", `/api/plans/${planId}/outcomes`, {
      node_id: "a",
      status: "success",
      evidence_hash: "e",
    });
    const d = await firstAttempted(planId);
    expect(d.attempts[0]).toMatchObject({ status: 302 });
    await new Promise((r) => setTimeout(r, 500));
    expect(hits).toEqual([`redirector ${d.id}`]);
  });

  it("refuse loopback in every spelling, at registration and at delivery", { timeout: 90_000 }, async () => {
    const port = await receiver("127.0.0.1");
    const hosts = [
      "127.0.0.1",
      "localhost",
      "[::ffff:7f00:1]",
      "[::127.0.0.1]",
      "[64:ff9b::7f00:1]",
      "[2002:7f00:1::]",
    ];
    await refusedEverywhere(hosts.map((host) => ({ url: `http://${host}:${port}/hook`, host, port })));
  });

  it(
    "refuse this machine's own addresses, at registration and at delivery",
    { timeout: 90_000 },
    async (ctx) => {
      if (interfaceAddresses.length === 0)
        ctx.skip("this machine has no non-loopback address to bind a receiver on (os.networkInterfaces())");
      const forms: Form[] = [];
      for (const a of interfaceAddresses) {
        const port = await receiver(a);
        for (const host of spellingsOf(a)) forms.push({ url: `http://${host}:${port}/hook`, host, port });
      }
      await refusedEverywhere(forms);
    },
  );

  it("judge a name on the answer its connection uses: public at the check, loopback at delivery is refused", async () => {
    const port = await receiver("127.0.0.1");
    const url = `http://${REBINDING}:${port}/hook`;
    allowPrivate(false);
    expect(await webhookUrlRefusal(url, resolver)).toBeNull(); // the first answer is public
    const planId = await plan("rebinding");
    allowPrivate(true); // the door's own check asks the real resolver, which knows no such name
    expect(
      (await as()("POST", `/api/plans/${planId}/webhooks`, { url, events: ["plan.outcome"] })).status,
    ).toBe(201);
    allowPrivate(false);
    const before = hits.length;
    const askedBefore = asked.filter((h) => h === REBINDING).length;
    await as()("POST", `/api/plans/${planId}/outcomes`, {
      node_id: "a",
      status: "success",
      evidence_hash: "e",
    });
    const d = await firstAttempted(planId);
    expect(d.attempts[0]).toMatchObject({
      status: null,
      error: `The webhook's host ${REBINDING} is at 127.0.0.1, a loopback address: webhooks reach only public addresses unless PARLEY_WEBHOOK_ALLOW_PRIVATE=on.`,
    });
    // one resolution per delivery, the connection's own: no earlier answer to differ from the one connected to
    expect(asked.filter((h) => h === REBINDING).length - askedBefore).toBe(1);
    await new Promise((r) => setTimeout(r, 500));
    expect(hits.length).toBe(before);
  });
});
