// Renders and streams cost something on the built app (npm start): a page render spends a read of who asks — a guest's
// address, a person's session — from the budget the API spends, and past it a page answers 429 with Retry-After and
// a page a person can read, while Next's files, the files of public/ and the sign-in routes stay free; a guest
// address holds a capped number of open live feeds, and a feed closed frees its place. Before, one guest address
// rendered /tables 1,500 times a minute and held 100 feeds open.
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { signUp } from "./http";
import { serveOwn, type Served } from "./servers";

const PORT = 3250;
let app: Served;
/** Two app processes on one PostgreSQL database (the run's global set-up, with DATABASE_URL), default caps. */
const pair = inject("pair");

beforeAll(async () => {
  app = await serveOwn(PORT, "streams", {
    PARLEY_RATE_LIMIT: "2", // two writes a minute, twenty reads
    PARLEY_GUEST_STREAM_LIMIT: "2",
    // One proxy in front: the right-most X-Forwarded-For hop is the client, so a test can be several addresses.
    PARLEY_TRUST_PROXY: "on",
  });
});
afterAll(async () => app?.stop());

const READS = 20;
const at = (address: string, headers: Record<string, string> = {}) => ({
  ...headers,
  "x-forwarded-for": address,
});
const get = (path: string, headers: Record<string, string>) => fetch(app.url + path, { headers });

describe("page renders", () => {
  it("spend a guest's reads: past them /tables is a 429 page with Retry-After; assets stay free", async () => {
    const guest = at("198.51.100.1");
    const page = await get("/tables", guest);
    expect(page.status).toBe(200);
    const html = await page.text();
    const chunk = /\/_next\/static\/[^"]+\.js/.exec(html)?.[0];
    expect(chunk).toBeTruthy();
    for (let i = 1; i < READS; i++) expect((await get("/tables", guest)).status).toBe(200);

    const refused = await get("/tables", guest);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(refused.headers.get("content-type")).toContain("text/html");
    expect(refused.headers.get("cache-control")).toBe("private, no-store");
    expect(await refused.text()).toMatch(/Slow down[\s\S]*Too many requests; try again in \d+ seconds?\./);
    // a table's page and the API's reads come from the same budget
    expect((await get("/tables/1", guest)).status).toBe(429);
    const api = await get("/api/tables", guest);
    expect(api.status).toBe(429);
    expect(await api.json()).toMatchObject({ error: { code: "rate_limited" } });

    // Next's own files, the files of public/ and the sign-in routes render nothing of ours: never charged
    expect((await get(chunk!, guest)).status).toBe(200);
    expect((await get("/icon.svg", guest)).status).toBe(200);
    expect((await get("/api/auth/csrf", guest)).status).toBe(200);
    // another address renders as before
    expect((await get("/tables", at("198.51.100.2"))).status).toBe(200);
  });

  it("spend a person's reads, wherever the person is, and not the address's", async () => {
    const cookie = await signUp(app.url, "renders-ana");
    const ana = at("198.51.100.3", { cookie });
    for (let i = 0; i < READS; i++) expect((await get("/tables", ana)).status).toBe(200);
    expect((await get("/tables", ana)).status).toBe(429);
    // from another address the person is still past the budget; a guest at the person's address is not
    expect((await get("/tables", at("198.51.100.4", { cookie }))).status).toBe(429);
    expect((await get("/tables", at("198.51.100.3"))).status).toBe(200);
  });
});

describe("open live feeds of one guest address", () => {
  it("past the cap a feed is refused with 429 and Retry-After; closing one frees its place", async () => {
    const guest = at("198.51.100.5");
    const opened: AbortController[] = [];
    const feed = (headers: Record<string, string>) => {
      const c = new AbortController();
      opened.push(c);
      return { answer: fetch(`${app.url}/api/events?topics=lobby`, { headers, signal: c.signal }), c };
    };
    try {
      const first = feed(guest);
      expect((await first.answer).status).toBe(200);
      expect((await feed(guest).answer).status).toBe(200);
      const refused = await feed(guest).answer;
      expect(refused.status).toBe(429);
      expect(refused.headers.get("retry-after")).toBe("10");
      expect(await refused.json()).toMatchObject({
        error: { code: "rate_limited", message: expect.stringContaining("Too many open streams") },
      });
      // another address has places of its own
      expect((await feed(at("198.51.100.6")).answer).status).toBe(200);
      // the first closed, its place is free once the server has seen it go
      first.c.abort();
      let again = 0;
      for (let i = 0; i < 20 && again !== 200; i++) {
        await new Promise((r) => setTimeout(r, 100));
        const res = await feed(guest).answer;
        again = res.status;
        if (again !== 200) await res.body?.cancel();
      }
      expect(again).toBe(200);
    } finally {
      for (const c of opened) c.abort();
    }
  });
});

describe("open live feeds across processes", () => {
  it.runIf(pair)(
    "one person's cap holds across two processes on one PostgreSQL; a place freed on one is free on the other",
    async () => {
      const [a, b] = pair!;
      const cookie = await signUp(a!, `streams-two-${Date.now().toString(36)}`);
      const opened: AbortController[] = [];
      const feed = (base: string) => {
        const c = new AbortController();
        opened.push(c);
        return {
          answer: fetch(`${base}/api/events?topics=lobby`, { headers: { cookie }, signal: c.signal }),
          c,
        };
      };
      try {
        // twenty places (STREAMS_PER_IDENTITY), taken on both processes in turn
        const held = [];
        for (let i = 0; i < 20; i++) {
          const f = feed(i % 2 ? b! : a!);
          expect((await f.answer).status).toBe(200);
          held.push(f);
        }
        expect((await feed(a!).answer).status).toBe(429);
        expect((await feed(b!).answer).status).toBe(429);
        // one closed on the first process frees a place the second can give
        held[0]!.c.abort();
        let again = 0;
        for (let i = 0; i < 20 && again !== 200; i++) {
          await new Promise((r) => setTimeout(r, 100));
          const res = await feed(b!).answer;
          again = res.status;
          if (again !== 200) await res.body?.cancel();
        }
        expect(again).toBe(200);
      } finally {
        for (const c of opened) c.abort();
      }
    },
  );
});
