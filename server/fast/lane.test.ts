// The fast lane's adapter on a real node:http server: what a door answers reaches the client as it said it (status,
// headers, every cookie, the security headers), a body reaches the door, a live feed streams event by event and
// ends when the client leaves, a malformed path or a door that throws is answered in one sentence.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SECURITY_HEADERS } from "../http/headers";
import { pathOf, serveDoor, type Door } from "./lane";

let server: Server;
let base = "";
const aborted: string[] = [];

const doors: Record<string, Door> = {
  "/api/echo": async (req) =>
    Response.json(
      { method: req.method, body: await req.text(), host: req.headers.get("host"), url: req.url },
      { status: 201, headers: { "x-door": "echo" } },
    ),
  "/api/cookies": () => {
    const headers = new Headers();
    headers.append("set-cookie", "a=1; Path=/");
    headers.append("set-cookie", "b=2; Path=/");
    return new Response(null, { status: 204, headers });
  },
  "/api/own-csp": () => new Response("x", { headers: { "Content-Security-Policy": "default-src 'none'" } }),
  "/api/feed": (req) => {
    let n = 0;
    let timer: ReturnType<typeof setInterval>;
    const stream = new ReadableStream<Uint8Array>({
      start(c) {
        timer = setInterval(() => c.enqueue(new TextEncoder().encode(`id: ${++n}\ndata: ${n}\n\n`)), 20);
        req.signal.addEventListener("abort", () => {
          clearInterval(timer);
          aborted.push("feed");
          c.close();
        });
      },
    });
    return new Response(stream, { headers: { "content-type": "text/event-stream" } });
  },
  "/api/throws": () => {
    throw new Error("a bug");
  },
};

beforeAll(async () => {
  server = createServer((req, res) => {
    const door = doors[decodeURIComponentSafe(pathOf(req.url))] ?? doors["/api/echo"]!;
    void serveDoor(door, req, res, pathOf(req.url) === "/api/feed");
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

function decodeURIComponentSafe(s: string) {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}

describe("the fast lane", () => {
  it("hands the door the method, the body, the Host and the path with its query, and answers as the door says", async () => {
    const r = await fetch(`${base}/api/echo?x=1`, { method: "POST", body: "héllo" });
    expect(r.status).toBe(201);
    expect(r.headers.get("x-door")).toBe("echo");
    expect(await r.json()).toMatchObject({
      method: "POST",
      body: "héllo",
      host: new URL(base).host,
      url: `${base}/api/echo?x=1`,
    });
    for (const h of SECURITY_HEADERS) expect(r.headers.get(h.key), h.key).toBe(h.value);
  });

  it("passes every cookie a door sets, and keeps a door's own header over the default", async () => {
    const r = await fetch(`${base}/api/cookies`);
    expect(r.status).toBe(204);
    expect(r.headers.getSetCookie()).toEqual(["a=1; Path=/", "b=2; Path=/"]);
    const own = await fetch(`${base}/api/own-csp`);
    expect(own.headers.get("content-security-policy")).toBe("default-src 'none'");
  });

  it("streams a live feed event by event, and aborts the door's request when the client leaves", async () => {
    const leave = new AbortController();
    const r = await fetch(`${base}/api/feed`, { signal: leave.signal });
    expect(r.headers.get("content-type")).toBe("text/event-stream");
    const reader = r.body!.getReader();
    const first = new TextDecoder().decode((await reader.read()).value);
    expect(first).toContain("id: 1");
    leave.abort();
    await reader.cancel().catch(() => {});
    await expect.poll(() => aborted).toContain("feed");
  });

  it("answers a malformed %-escape with the app's 404, and a door that throws with one sentence (500)", async () => {
    const bad = await fetch(`${base}/api/tables/%E0`);
    expect(bad.status).toBe(404);
    expect(await bad.json()).toEqual({
      error: { code: "not_found", message: "There is nothing at that address." },
    });
    const thrown = await fetch(`${base}/api/throws`);
    expect(thrown.status).toBe(500);
    expect((await thrown.json()).error.code).toBe("internal");
  });
});
