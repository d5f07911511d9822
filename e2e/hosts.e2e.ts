// App processes as hosts that fail: three of the built app, each in a network namespace of its own (its own address
// on a bridge), on one PostgreSQL with the live feed over one NATS, behind HAProxy configured as docs/scaling.md shows.
// Acts on one table and 20 watchers of it go through HAProxy; mid-load the relay's host is killed with SIGKILL, or NATS
// is stopped and started again. No acknowledged act is lost, every watcher has every event once and in order (those
// on the killed host resume with Last-Event-ID on a survivor), and the relay moves to a survivor.
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RELAY_LOCK } from "../server/live";
import {
  createNetwork,
  documentedBalancer,
  forwarder,
  hostsUnavailable,
  startAppHost,
  startBalancer,
  type AppHost,
  type Balancer,
  type Forwarder,
  type Network,
} from "../server/testing/hosts";
import { freePort, startNats, type Service } from "../server/testing/services";
import { signUp, Watcher } from "./http";
import { tempDir } from "./servers";

const SERVER = process.env.DATABASE_URL ?? "";
const unavailable =
  !SERVER || SERVER.startsWith("pglite:")
    ? "it needs a PostgreSQL DATABASE_URL: the embedded database serves one process"
    : hostsUnavailable();

const HOSTS = 3;
const WATCHERS = 20;
const ACTS = 60;

let network: Network;
let pgForward: Forwarder;
let nats: Service & { url: string; dir: string };
let natsPort: number;
let balancer: Balancer;
let hosts: AppHost[] = [];
let env: Record<string, string>;
let db: pg.Client;
const cleanups: (() => unknown)[] = [];

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
async function until(cond: () => boolean | Promise<boolean>, ms = 30_000, what = "a condition") {
  const end = Date.now() + ms;
  while (!(await cond())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await sleep(100);
  }
}

async function admin(sql: string) {
  const c = new pg.Client({ connectionString: SERVER });
  await c.connect();
  await c.query(sql).finally(() => c.end());
}

function startHost(k: number): AppHost {
  const dir = tempDir(`parley-host${k}-`); // each host its own disk
  cleanups.push(() => fs.rmSync(dir, { recursive: true, force: true }));
  return startAppHost(network.namespaces[k - 1]!, network.addressOf(k), { ...env, PARLEY_DATA_DIR: dir });
}

/** Every host UP in HAProxy after a passing check, and the health answered through it. */
async function ready() {
  await until(
    async () => {
      const gone = hosts.find((h) => !h.running());
      if (gone) throw new Error(`the app host ${gone.address} exited:\n${gone.log()}`);
      const servers = [...(await balancer.servers()).values()];
      if (servers.length !== HOSTS || servers.some((s) => s.status !== "UP" || s.check !== "L7OK"))
        return false;
      return (await fetch(`${balancer.url}/api/health`).catch(() => null))?.status === 200;
    },
    120_000, // three apps starting at once on two cores shared with other work
    "every host UP behind HAProxy",
  );
}

beforeAll(async () => {
  if (unavailable) return;
  const name = `parley_hosts_${randomBytes(4).toString("hex")}`;
  await admin(`CREATE DATABASE "${name}"`);
  cleanups.push(() => admin(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`));
  network = createNetwork(HOSTS);
  cleanups.push(() => network.remove());
  const server = new URL(SERVER);
  pgForward = await forwarder(network.gateway, { host: server.hostname, port: Number(server.port || 5432) });
  cleanups.push(() => pgForward.close());
  natsPort = await freePort();
  nats = await startNats(natsPort, undefined, network.gateway);
  const natsDir = nats.dir;
  cleanups.push(() => fs.rmSync(natsDir, { recursive: true, force: true }));
  cleanups.push(() => nats.stop());
  const port = await freePort();
  balancer = await startBalancer(
    (socket) => documentedBalancer({ bind: `${network.gateway}:${port}`, prefix: network.prefix, socket }),
    network.gateway,
    port,
  );
  cleanups.push(() => balancer.stop());
  const url = new URL(SERVER);
  url.host = `${network.gateway}:${pgForward.port}`;
  url.pathname = `/${name}`;
  env = {
    DATABASE_URL: url.toString(),
    AUTH_SECRET: randomBytes(32).toString("base64url"),
    PARLEY_NATS_URL: nats.url,
    PARLEY_URL: balancer.url,
    PARLEY_TRUST_PROXY: "on",
    PARLEY_DEMO: "off",
    PARLEY_RATE_LIMIT: "100000",
    PARLEY_AUTH_ADDRESS_LIMIT: "1000",
    PARLEY_GUEST_STREAM_LIMIT: "100", // the watchers are guests at one address
  };
  hosts = [1, 2, 3].map(startHost);
  await ready();
  const direct = new URL(SERVER);
  direct.pathname = `/${name}`;
  db = new pg.Client({ connectionString: direct.toString() });
  await db.connect();
  cleanups.push(() => db.end());
});

afterAll(async () => {
  // The hosts first; then each clean-up, in the reverse order of what it undoes, whatever an earlier one threw.
  await Promise.allSettled(hosts.map((h) => h.stop()));
  for (const undo of cleanups.reverse())
    await Promise.resolve()
      .then(undo)
      .catch(() => {});
});

/** The host whose connection holds the relay's advisory lock, by the address the forwarder saw it come from. */
async function relayHost(): Promise<string | null> {
  const { rows } = await db.query<{ port: number }>(
    `SELECT a.client_port AS port FROM pg_locks l JOIN pg_stat_activity a ON a.pid = l.pid
     WHERE l.locktype = 'advisory' AND l.objid = $1 AND l.granted
       AND l.database = (SELECT oid FROM pg_database WHERE datname = current_database())`,
    [RELAY_LOCK],
  );
  return rows[0] ? (pgForward.sourceOf(rows[0].port) ?? null) : null;
}

type Table = { id: number; seats: string[] };

const post = (path: string, cookie: string, body?: unknown) =>
  fetch(`${balancer.url}${path}`, {
    method: "POST",
    headers: { cookie, origin: balancer.url, "content-type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });

/** A started table of four people, signed up and seated through HAProxy. */
async function startedTable(tag: string): Promise<Table> {
  const seats = [];
  for (let i = 0; i < 4; i++) seats.push(await signUp(balancer.url, `${tag}-${i}`));
  const opened = await post("/api/tables", seats[0]!, { title: tag, seats_max: 4 });
  expect(opened.status).toBe(201);
  const { id } = (await opened.json()) as { id: number };
  for (const cookie of seats.slice(1))
    expect((await post(`/api/tables/${id}/join`, cookie)).status).toBe(200);
  expect((await post(`/api/tables/${id}/start`, seats[0]!)).status).toBe(200);
  return { id, seats };
}

const ledgerOf = async (table: Table) => {
  const r = await fetch(`${balancer.url}/api/tables/${table.id}`, { headers: { cookie: table.seats[0]! } });
  if (r.status !== 200) throw new Error(`the table's read answered ${r.status}`);
  return ((await r.json()) as { game: { acts: { index: number; seat: number; type: string }[] } }).game.acts;
};

/**
 * The seats pass in turn through HAProxy until `n` passes were answered 2xx (an acknowledgement); `during(k)` runs
 * once when k were. After a failed call, the turn is read again: the act may have landed unanswered.
 */
async function play(table: Table, n: number, during: (k: number) => Promise<void>) {
  const acked: { turn: number; seat: number }[] = [];
  let turn = (await ledgerOf(table)).length;
  let reached = -1;
  while (acked.length < n) {
    if (reached < acked.length) await during((reached = acked.length));
    const r = await post(`/api/tables/${table.id}/pass`, table.seats[turn % 4]!).catch(() => null);
    if (r?.ok) {
      const body = (await r.json()) as { turn: number; seat: number };
      acked.push(body);
      turn = body.turn + 1;
    } else {
      await r?.body?.cancel();
      await sleep(100);
      turn = await ledgerOf(table).then(
        (acts) => acts.length,
        () => turn,
      );
    }
    await sleep(20);
  }
  return acked;
}

/** The last event of the table's topic: where the watchers start from (their first Last-Event-ID). */
async function lastEvent(table: Table): Promise<string> {
  const { rows } = await db.query<{ id: string }>(
    `SELECT id::text AS id FROM "Event" WHERE topic = $1 ORDER BY txid DESC, id DESC LIMIT 1`,
    [`table:${table.id}`],
  );
  return rows[0]!.id;
}

/** The table's events after `from`, in the outbox's commit order. */
async function eventsAfter(table: Table, from: string): Promise<string[]> {
  const { rows } = await db.query<{ id: string }>(
    `SELECT e.id::text AS id FROM "Event" e, "Event" f WHERE f.id = $2::bigint AND e.topic = $1
       AND (e.txid, e.id) > (f.txid, f.id) ORDER BY e.txid, e.id`,
    [`table:${table.id}`, from],
  );
  return rows.map((r) => r.id);
}

async function expectLedgerHolds(table: Table, acked: { turn: number; seat: number }[]) {
  expect(acked).toHaveLength(ACTS);
  const ledger = new Map((await ledgerOf(table)).map((a) => [a.index, a]));
  for (const a of acked)
    expect(ledger.get(a.turn), `turn ${a.turn}`).toMatchObject({ seat: a.seat, type: "pass" });
}

async function expectEveryEventOnce(table: Table, from: string, watchers: Watcher[]) {
  let written: string[] = [];
  await until(
    async () => {
      written = await eventsAfter(table, from);
      return watchers.every((w) => w.ids.length >= written.length);
    },
    30_000,
    "every watcher to have every event",
  );
  await sleep(500); // a repeat would come now
  expect(written.length).toBeGreaterThanOrEqual(ACTS);
  for (const w of watchers) {
    expect(w.ids).toEqual(written);
    expect(w.resets).toBe(0);
  }
}

async function watch(table: Table, from: string) {
  const watchers = Array.from(
    { length: WATCHERS },
    () => new Watcher(`${balancer.url}/api/events?topics=table:${table.id}`, from),
  );
  await until(() => watchers.every((w) => w.connected), 30_000, "every watcher connected");
  return watchers;
}

describe.skipIf(unavailable)(
  `three app hosts in network namespaces behind HAProxy${unavailable ? ` (skipped: ${unavailable})` : ""}`,
  () => {
    it("the relay's host killed mid-load: no acknowledged act lost, every event once and in order, the relay moves", async () => {
      const table = await startedTable("killed");
      const from = await lastEvent(table);
      const watchers = await watch(table, from);
      const relay = await relayHost();
      const victim = hosts.findIndex((h) => h.address === relay);
      expect(victim).toBeGreaterThanOrEqual(0);
      const cut = (await balancer.servers()).get(`app${victim + 1}`)!.sessions; // the watchers on it
      expect(cut).toBeGreaterThan(0);

      const acked = await play(table, ACTS, async (k) => {
        if (k === 20) await hosts[victim]!.kill();
      });
      const survivors = hosts.filter((_, i) => i !== victim).map((h) => h.address);
      await until(async () => survivors.includes((await relayHost()) ?? ""), 15_000, "a survivor to relay");

      await expectLedgerHolds(table, acked);
      await expectEveryEventOnce(table, from, watchers);
      expect(watchers.filter((w) => w.resumes > 0).length).toBeGreaterThanOrEqual(cut);
      await Promise.all(watchers.map((w) => w.stop()));

      // The killed host comes back, for the next test: HAProxy takes it in again.
      hosts[victim] = startHost(victim + 1);
      await ready();
    });

    it("NATS stopped and started again mid-load: no acknowledged act lost, every event once and in order", async () => {
      const table = await startedTable("nats");
      const from = await lastEvent(table);
      const watchers = await watch(table, from);
      const acked = await play(table, ACTS, async (k) => {
        if (k === 15) await nats.stop();
        if (k === 35) nats = await startNats(natsPort, nats.dir, network.gateway);
      });
      await expectLedgerHolds(table, acked);
      await expectEveryEventOnce(table, from, watchers);
      expect(watchers.every((w) => w.resumes === 0)).toBe(true); // every host stayed up: no stream was cut
      expect(hosts.map((h) => h.address)).toContain(await relayHost());
      await Promise.all(watchers.map((w) => w.stop()));
    });
  },
);
