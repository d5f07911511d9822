// Reliability against the built app: no door leaks a charge or the seed before the reveal, for any viewer
// (page HTML, JSON API, tRPC, MCP, SSE replay); and the auth floor over real HTTP.
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { describe, expect, inject, it } from "vitest";
import { signUp } from "./http";

const app = inject("app");

type Aim = { clause: string; setting: string; weight: number };
const j = (r: Response) => r.json() as Promise<any>;

async function readStream(url: string, headers: Record<string, string>, ms: number): Promise<string> {
  const abort = new AbortController();
  const timer = setTimeout(() => abort.abort(), ms);
  let text = "";
  try {
    const res = await fetch(url, { headers, signal: abort.signal });
    const reader = res.body!.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      text += new TextDecoder().decode(value);
    }
  } catch {
    /* the timer ends the read */
  } finally {
    clearTimeout(timer);
  }
  return text;
}

describe("redaction conformance at every door", () => {
  it("for random games and every kind of viewer, nothing secret shows before the reveal", async () => {
    const stamp = Date.now().toString(36);
    const host = await signUp(app, `rc-host-${stamp}`);
    const outsider = await signUp(app, `rc-out-${stamp}`);
    const admin = await signUp(app, "e2e-admin").catch(() => signUpExisting());
    async function signUpExisting() {
      const { signIn } = await import("./http");
      return signIn(app, "e2e-admin", "correct horse battery");
    }
    expect(await j(await fetch(`${app}/api/me`, { headers: { cookie: admin } }))).toMatchObject({
      tier: "admin",
    });
    // The agent is another person's: one person (with their agents) holds one seat at a table.
    const owner = await signUp(app, `rc-owner-${stamp}`);
    const made = await j(
      await fetch(`${app}/api/agents`, {
        method: "POST",
        headers: { cookie: owner, origin: app, "content-type": "application/json" },
        body: JSON.stringify({ name: `rc-agent-${stamp}` }),
      }),
    );
    const bearer = { authorization: `Bearer ${made.token}` };
    const mcp = new Client({ name: "rc", version: "1" });
    await mcp.connect(
      new StreamableHTTPClientTransport(new URL(`${app}/mcp`), { requestInit: { headers: bearer } }),
    );

    let checked = 0;
    for (let game = 0; game < 3; game++) {
      const { id } = await j(
        await fetch(`${app}/api/tables`, {
          method: "POST",
          headers: { cookie: host, origin: app, "content-type": "application/json" },
          body: JSON.stringify({ title: `conformance ${game}`, seats_max: 4 }),
        }),
      );
      await fetch(`${app}/api/tables/${id}/join`, { method: "POST", headers: bearer });
      await fetch(`${app}/api/tables/${id}/bots`, { method: "POST", headers: { cookie: host, origin: app } });
      await fetch(`${app}/api/tables/${id}/start`, {
        method: "POST",
        headers: { cookie: host, origin: app },
      });
      // a random number of turns: the host and the agent pass or offer their own aims
      for (let t = 0; t < 2 + game * 2; t++) {
        for (const [who, headers] of [
          ["host", { cookie: host, origin: app }],
          ["agent", bearer],
        ] as const) {
          const s = await j(await fetch(`${app}/api/tables/${id}`, { headers }));
          if (s.status !== "playing" || s.game.turn !== s.your_seat) continue;
          const verb = (t + game + (who === "host" ? 1 : 0)) % 2 ? "pass" : "offer";
          const accord = Object.fromEntries(
            s.game.charter.map((c: string) => [
              c,
              s.game.charge.aims.find((a: Aim) => a.clause === c)?.setting ?? s.settings[c][0],
            ]),
          );
          await fetch(`${app}/api/tables/${id}/${verb}`, {
            method: "POST",
            headers: { ...headers, "content-type": "application/json" },
            body: JSON.stringify(verb === "offer" ? { accord } : { said: { text: "hm" } }),
          });
        }
      }
      const seen = await j(await fetch(`${app}/api/tables/${id}`));
      if (seen.status !== "playing") continue; // bound already: nothing secret is left to leak
      // capture every door, for every viewer, before the reveal
      const captured: { viewer: string; door: string; text: string; own: Aim[] }[] = [];
      const own = async (headers: Record<string, string>) =>
        ((await j(await fetch(`${app}/api/tables/${id}`, { headers }))).game?.charge?.aims ?? []) as Aim[];
      const viewers: [string, Record<string, string>][] = [
        ["guest", {}],
        ["outsider", { cookie: outsider }],
        ["admin without a seat", { cookie: admin }],
        ["seated person", { cookie: host }],
        ["seated agent", bearer],
        ["the seated agent's owner, without a seat", { cookie: owner }],
      ];
      for (const [viewer, headers] of viewers) {
        const mine = await own(headers);
        const add = (door: string, text: string) => captured.push({ viewer, door, text, own: mine });
        add("page", await (await fetch(`${app}/tables/${id}`, { headers })).text());
        add("json", await (await fetch(`${app}/api/tables/${id}`, { headers })).text());
        add(
          "trpc",
          await (
            await fetch(
              `${app}/api/trpc/tables.state?input=${encodeURIComponent(JSON.stringify({ json: { id } }))}`,
              { headers },
            )
          ).text(),
        );
        add(
          "sse replay",
          await readStream(`${app}/api/events?topics=table:${id},lobby&lastEventId=1`, headers, 1200),
        );
      }
      const r = (await mcp.callTool({ name: "table_state", arguments: { table_id: id } })) as {
        content: { text: string }[];
      };
      captured.push({
        viewer: "seated agent",
        door: "mcp",
        text: r.content[0]!.text,
        own: JSON.parse(r.content[0]!.text).game.charge.aims,
      });

      // play to the end, then read what was secret
      // (house bots move on their own, on the server's schedule: wait for them rather than count iterations,
      // which ran out on a loaded CI machine before the game did)
      const players: Record<string, string>[] = [{ cookie: host, origin: app }, bearer];
      // Our players only accept or pass, and a house bot never accepts an accord that does not beat its
      // fallback, so some deals never reach quorum before the (hour-long) deadline: after 30 s an admin
      // cancels the table, which the rules reveal as any ended table (what this test reads).
      const cancelAt = Date.now() + 30_000;
      const until = Date.now() + 90_000;
      for (let cancelled = false; ;) {
        const states = await Promise.all(
          players.map(async (h) => j(await fetch(`${app}/api/tables/${id}`, { headers: h }))),
        );
        if (states[0].status !== "playing") break;
        expect(Date.now() < until, `game ${game} still playing after 90 s`).toBe(true);
        if (!cancelled && Date.now() > cancelAt) {
          const c = await fetch(`${app}/api/tables/${id}/cancel`, {
            method: "POST",
            headers: { cookie: admin, origin: app, "content-type": "application/json" },
            body: JSON.stringify({ reason: "the conformance test's deal did not bind in 30 s" }),
          });
          expect(c.status, await c.clone().text()).toBe(200);
          cancelled = true;
          continue;
        }
        const mover = states.findIndex((s) => s.game.turn === s.your_seat);
        if (mover < 0) {
          await new Promise((r) => setTimeout(r, 100));
          continue;
        }
        const headers = players[mover]!;
        const acc = await fetch(`${app}/api/tables/${id}/accept`, { method: "POST", headers });
        if (acc.status !== 200) await fetch(`${app}/api/tables/${id}/pass`, { method: "POST", headers });
      }
      const recorded = await fetch(`${app}/api/tables/${id}/record`);
      expect(recorded.status, "the record is readable once the game is over").toBe(200);
      const record = await j(recorded);
      checked++;
      // the check can see a charge where there is one: the seated person's own page carries its own aims
      const ownPage = captured.find((c) => c.viewer === "seated person" && c.door === "page")!;
      const a0 = ownPage.own[0]!;
      expect(ownPage.text.replaceAll('\\"', '"').replace(/\s+/g, "")).toContain(
        `"clause":"${a0.clause}","setting":"${a0.setting}","weight":${a0.weight}`,
      );
      expect(record.seed).toMatch(/^[0-9a-f]{64}$/);
      for (const c of captured) {
        const text = c.text.replaceAll('\\"', '"').replace(/\s+/g, "");
        expect(text.includes(record.seed), `${c.viewer} via ${c.door} saw the seed`).toBe(false);
        for (const charge of record.charges as { aims: Aim[] }[]) {
          for (const a of charge.aims) {
            if (c.own.some((o) => o.clause === a.clause && o.setting === a.setting && o.weight === a.weight))
              continue;
            const fragment = `"clause":"${a.clause}","setting":"${a.setting}","weight":${a.weight}`;
            expect(
              text.includes(fragment),
              `${c.viewer} via ${c.door} saw another seat's aim ${fragment}`,
            ).toBe(false);
          }
        }
      }
      // and after the reveal every door shows every charge
      const after = await (await fetch(`${app}/api/tables/${id}`)).text();
      for (const charge of record.charges as { aims: Aim[] }[])
        expect(after).toContain(
          `"clause":"${charge.aims[0]!.clause}","setting":"${charge.aims[0]!.setting}","weight":3`,
        );
    }
    expect(checked).toBeGreaterThan(0);
    await mcp.close();
  });
});

describe("the auth floor over HTTP", () => {
  it("401 without identity, 403 for someone else's seat, 403 cross-origin, 401 for a revoked token", async () => {
    const stamp = Date.now().toString(36);
    const a = await signUp(app, `af-a-${stamp}`);
    const b = await signUp(app, `af-b-${stamp}`);
    const { id } = await j(
      await fetch(`${app}/api/tables`, {
        method: "POST",
        headers: { cookie: a, origin: app, "content-type": "application/json" },
        body: JSON.stringify({ title: "auth floor", seats_max: 4 }),
      }),
    );
    await fetch(`${app}/api/tables/${id}/bots`, { method: "POST", headers: { cookie: a, origin: app } });
    await fetch(`${app}/api/tables/${id}/start`, { method: "POST", headers: { cookie: a, origin: app } });
    expect((await fetch(`${app}/api/tables/${id}/pass`, { method: "POST" })).status).toBe(401);
    expect(
      (await fetch(`${app}/api/tables/${id}/pass`, { method: "POST", headers: { cookie: b, origin: app } }))
        .status,
    ).toBe(403);
    expect(
      (
        await fetch(`${app}/api/tables/${id}/pass`, {
          method: "POST",
          headers: { cookie: a, origin: "https://evil.example" },
        })
      ).status,
    ).toBe(403);
    expect(
      (
        await fetch(`${app}/api/tables/${id}/pass`, {
          method: "POST",
          headers: { cookie: a, "sec-fetch-site": "cross-site" },
        })
      ).status,
    ).toBe(403);
    const made = await j(
      await fetch(`${app}/api/agents`, {
        method: "POST",
        headers: { cookie: a, origin: app, "content-type": "application/json" },
        body: JSON.stringify({ name: "af-agent" }),
      }),
    );
    await fetch(`${app}/api/agents/${made.id}/revoke`, {
      method: "POST",
      headers: { cookie: a, origin: app },
    });
    expect(
      (await fetch(`${app}/api/tables`, { headers: { authorization: `Bearer ${made.token}` } })).status,
    ).toBe(401);
    expect(
      (await fetch(`${app}/api/tables/${id}/pass`, { method: "POST", headers: { cookie: a, origin: app } }))
        .status,
    ).toBe(200);
  });
});

describe("a malformed %-escape in the path", () => {
  it("is the app's own 404 at every kind of address (a page, a download, the JSON API), never a bare 500", async () => {
    for (const path of [
      "/tables/%E0",
      "/tables/1%E0",
      "/councils/%E0/minutes.md",
      "/councils/%E0",
      "/plans/%E0",
      "/api/%E0",
      "/api/tables/%E0",
      "/api/tables/1/%E0",
    ]) {
      const r = await fetch(`${app}${path}`, { headers: { accept: "text/html" } });
      expect(r.status, path).toBe(404);
      const body = await r.text();
      if (path.startsWith("/api/")) expect(JSON.parse(body)).toMatchObject({ error: { code: "not_found" } });
      else expect(body, path).toMatch(/<html/); // the friendly not-found page, not "Internal Server Error"
    }
  });
});
