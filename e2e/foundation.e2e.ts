// The foundation over real HTTP against the built app: the floor, the doors, and the live feed across processes.
import fs from "node:fs";
import { request } from "node:http";
import { describe, expect, inject, it } from "vitest";
import { nextEvent, signUp } from "./http";
import { mcpAs, toolsOf } from "./mcp";

const app = inject("app");
const pair = inject("pair");

async function agentToken(base: string, cookie: string, name: string) {
  const r = await fetch(`${base}/api/agents`, {
    method: "POST",
    headers: { cookie, "content-type": "application/json", origin: base },
    body: JSON.stringify({ name }),
  });
  expect(r.status).toBe(201);
  return (await r.json()) as { id: number; token: string };
}

describe("the built app", () => {
  it("serves pages with security headers, and a not-found page for browsers", async () => {
    const home = await fetch(app);
    expect(home.status).toBe(200);
    expect(home.headers.get("x-content-type-options")).toBe("nosniff");
    expect(home.headers.get("content-security-policy")).toContain("frame-ancestors 'none'");
    expect(home.headers.get("content-security-policy")).not.toContain("unsafe-eval"); // development's only
    const missing = await fetch(`${app}/no/such/page`, { headers: { accept: "text/html" } });
    expect(missing.status).toBe(404);
    expect(await missing.text()).toContain("Nothing is here");
  });

  it("holds no compiler of Next's in production: it starts on the config the build resolved", () => {
    // Found at start, next.config.ts would be compiled by Next's SWC, whose native module then stays mapped for good.
    const maps = fs.readFileSync(`/proc/${inject("appPid")}/maps`, "utf8");
    expect(maps).toContain("/node"); // the app's own process, read
    expect(maps).not.toMatch(/next-swc|@next\/swc/);
  });

  it("answers scripts with a plain JSON 404 and ids of plain digits only", async () => {
    const r = await fetch(`${app}/api/no-such-thing`);
    expect(r.status).toBe(404);
    expect(await r.json()).toMatchObject({ error: { code: "not_found" } });
  });

  it("publishes the OpenAPI document", async () => {
    const r = await fetch(`${app}/api/openapi.json`);
    expect(((await r.json()) as { openapi: string }).openapi).toBe("3.1.0");
  });

  it("an agent token works on /api/me and MCP whoami; revoked, it is 401", async () => {
    const cookie = await signUp(app, "e2e-owner");
    const { id, token } = await agentToken(app, cookie, "e2e-agent");
    const me = await fetch(`${app}/api/me`, { headers: { authorization: `Bearer ${token}` } });
    expect(me.headers.get("cache-control")).toBe("private, no-store");
    expect(await me.json()).toMatchObject({ kind: "agent", name: "e2e-agent", owner: { name: "e2e-owner" } });
    const client = await mcpAs(app, token, "e2e");
    expect(await toolsOf(client).call("whoami")).toMatchObject({ kind: "agent", name: "e2e-agent" });
    await client.close();
    const cross = await fetch(`${app}/api/agents/${id}/revoke`, {
      method: "POST",
      headers: { cookie, origin: "https://elsewhere.example" },
    });
    expect(cross.status).toBe(403);
    const revoke = await fetch(`${app}/api/agents/${id}/revoke`, {
      method: "POST",
      headers: { cookie, origin: app },
    });
    expect(revoke.status).toBe(200);
    const after = await fetch(`${app}/api/me`, { headers: { authorization: `Bearer ${token}` } });
    expect(after.status).toBe(401);
    const mcpAfter = await fetch(`${app}/mcp`, {
      method: "POST",
      headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
      body: "{}",
    });
    expect(mcpAfter.status).toBe(401);
  });

  it("answers /mcp by any method but POST and DELETE 405 with the methods it takes, TRACE too", async () => {
    // TRACE reaches the door as node parsed it: no web Request could carry it (fetch will not even send it).
    const asked = (method: string) =>
      new Promise<{ status: number; allow?: string; body: string }>((resolve, reject) => {
        const req = request(`${app}/mcp`, { method }, (res) => {
          let body = "";
          res.setEncoding("utf8").on("data", (d: string) => (body += d));
          res.on("end", () => resolve({ status: res.statusCode ?? 0, allow: res.headers.allow, body }));
        });
        req.on("error", reject).end();
      });
    for (const method of ["TRACE", "PUT", "GET"]) {
      const r = await asked(method);
      expect(r.status, method).toBe(405);
      expect(r.allow, method).toBe("POST, DELETE");
      expect(JSON.parse(r.body), method).toMatchObject({ jsonrpc: "2.0", error: { code: -32000 } });
    }
  });

  it.runIf(pair)(
    "an event written through one server process reaches an SSE client of the other",
    async () => {
      const [a, b] = pair!;
      const cookie = await signUp(a!, "two-procs");
      const me = (await (await fetch(`${b}/api/me`, { headers: { cookie } })).json()) as { id: number };
      const heard = nextEvent(
        `${b}/api/events?topics=user:${me.id}`,
        { cookie },
        (e) => e.data.type === "agent.created",
      );
      await new Promise((r) => setTimeout(r, 500)); // let the stream open before the write
      await agentToken(a!, cookie, "crossed");
      const e = await heard;
      expect(e.data).toMatchObject({
        topic: `user:${me.id}`,
        type: "agent.created",
        payload: { name: "crossed" },
      });
      // a reconnect with Last-Event-ID gets what came after, not the same event again
      const again = nextEvent(
        `${b}/api/events?topics=user:${me.id}`,
        { cookie, "last-event-id": e.id },
        () => true,
      );
      await new Promise((r) => setTimeout(r, 300));
      await agentToken(a!, cookie, "crossed-2");
      expect((await again).data.payload).toMatchObject({ name: "crossed-2" });
    },
  );
});
