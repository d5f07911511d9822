// The fast lane's adapter on a real node:http server: what a door answers reaches the client as it said it (status,
// headers, every cookie, the security headers), a body reaches the door, a live feed streams event by event and
// ends when the client leaves, a malformed path or a door that throws is answered in one sentence.
import http, { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PEER_HEADER } from "../http/address";
import { jsonAnswer, type Asked } from "../http/asked";
import { readBody } from "../http/door";
import { DOOR_HEADERS } from "../http/headers";
import { pathOf, serveDoor, servePlain, type Door, type PlainDoor } from "./lane";

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
  "/api/peer": (req) => Response.json({ peer: req.headers.get(PEER_HEADER) }),
};

const plainDoors: Record<string, PlainDoor> = {
  "/plain/echo": async (asked: Asked) => {
    const body = await readBody(asked, 16);
    if (!body.ok) return body.answer;
    return jsonAnswer(
      201,
      {
        method: asked.method,
        target: asked.target,
        host: asked.host,
        cookie: asked.headers.get("Cookie"),
        body: body.text,
      },
      { "x-door": "plain", "content-security-policy": "sandbox" },
    );
  },
  "/plain/peer": async (asked: Asked) => jsonAnswer(200, { peer: asked.headers.get(PEER_HEADER) }),
  "/plain/throws": () => Promise.reject(new Error("a bug")),
  "/plain/throws-at-once": () => {
    throw new Error("a bug before any promise");
  },
  // A plain door's streamed answer (the live feed's shape): a chunk every 20 ms until the client leaves, each write
  // awaited when it says the client must catch up first.
  "/plain/feed": async () => ({
    status: 200,
    headers: { "content-type": "text/event-stream" },
    body: "",
    stream: async (write, signal) => {
      for (let n = 1; !signal.aborted; n++) {
        const caughtUp = write(new TextEncoder().encode(`id: ${n}\ndata: ${n}\n\n`));
        if (caughtUp) await caughtUp;
        await new Promise((r) => setTimeout(r, 20));
      }
      aborted.push("plain feed");
    },
  }),
  // A streamed answer whose writer ends by itself (a revoked token's last frame): the response ends with it.
  "/plain/short-feed": async () => ({
    status: 200,
    headers: { "content-type": "text/event-stream" },
    body: "",
    stream: async (write) => {
      await write(new TextEncoder().encode("event: signin_required\ndata: {}\n\n"));
    },
  }),
  // An answer node:http refuses to write (a header value with a newline): the lane's own 500, not a hung socket.
  "/plain/unwritable": async () => ({ status: 200, headers: { "x-bad": "a\r\nb" }, body: "{}" }),
};

beforeAll(async () => {
  server = createServer((req, res) => {
    const plain = plainDoors[pathOf(req.url)];
    if (plain) return void servePlain(plain, req, res);
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
    for (const [k, v] of Object.entries(DOOR_HEADERS)) expect(r.headers.get(k), k).toBe(v);
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

  it("streams a plain door's answer chunk by chunk, unsized, and ends its writer when the client leaves", async () => {
    const leave = new AbortController();
    const r = await fetch(`${base}/plain/feed`, { signal: leave.signal });
    expect(r.status).toBe(200);
    expect(r.headers.get("content-type")).toBe("text/event-stream");
    expect(r.headers.get("content-length")).toBeNull();
    expect(r.headers.get("x-frame-options")).toBe(DOOR_HEADERS["x-frame-options"]);
    const reader = r.body!.getReader();
    let text = "";
    for (let read = await reader.read(); !read.done; read = await reader.read()) {
      text += new TextDecoder().decode(read.value);
      if (text.includes("id: 2")) break;
    }
    expect(text).toContain("id: 2");
    expect(text.indexOf("id: 1")).toBeLessThan(text.indexOf("id: 2"));
    expect(aborted).not.toContain("plain feed");
    leave.abort();
    await reader.cancel().catch(() => {});
    await expect.poll(() => aborted).toContain("plain feed");
  });

  it("ends the response when a plain door's streamed answer ends by itself", async () => {
    const r = await fetch(`${base}/plain/short-feed`);
    expect(await r.text()).toBe("event: signin_required\ndata: {}\n\n");
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

  it("hands a web door its body read into memory, no further than one byte past the cap; the connection goes on", async () => {
    const saved = process.env.PARLEY_BODY_MAX;
    process.env.PARLEY_BODY_MAX = "16";
    try {
      const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
      const post = (body: string) =>
        new Promise<{ status: number; json: { body: string }; socket: unknown }>((resolve, reject) => {
          const r = http.request(`${base}/api/echo`, { method: "POST", agent }, (res) => {
            const socket = res.socket;
            let text = "";
            res
              .on("data", (c) => (text += c))
              .on("end", () => resolve({ status: res.statusCode!, json: JSON.parse(text), socket }));
          });
          r.on("error", reject);
          // sent in pieces, with no length: the lane cannot know the size before it reads
          for (let i = 0; i < body.length; i += 10) r.write(body.slice(i, i + 10));
          r.end();
        });
      const big = await post("y".repeat(10_000));
      expect(big.status).toBe(201);
      expect(big.json.body).toBe("y".repeat(17)); // the floor's readBody then refuses it, naming the cap
      const small = await post("héllo");
      expect(small.json.body).toBe("héllo");
      expect(small.socket).toBe(big.socket); // the same connection, whole
      agent.destroy();
    } finally {
      if (saved === undefined) delete process.env.PARLEY_BODY_MAX;
      else process.env.PARLEY_BODY_MAX = saved;
    }
  });

  it("hands a plain door node's own request (method, target, Host, headers, body) and writes its answer as it is", async () => {
    const r = await fetch(`${base}/plain/echo?x=%C3%A9`, {
      method: "POST",
      headers: { cookie: "a=1" },
      body: "héllo",
    });
    expect(r.status).toBe(201);
    const text = await r.text();
    expect(JSON.parse(text)).toEqual({
      method: "POST",
      target: "/plain/echo?x=%C3%A9",
      host: new URL(base).host,
      cookie: "a=1",
      body: "héllo",
    });
    expect(r.headers.get("x-door")).toBe("plain");
    expect(r.headers.get("content-type")).toBe("application/json");
    expect(r.headers.get("content-length")).toBe(String(Buffer.byteLength(text)));
    // The door's own header wins over the default; the others are the doors' security headers.
    expect(r.headers.get("content-security-policy")).toBe("sandbox");
    expect(r.headers.get("x-content-type-options")).toBe("nosniff");
    expect(r.headers.get("x-frame-options")).toBe("DENY");
  });

  it("refuses a plain door's body past its cap, sent whole or in chunks", async () => {
    const whole = await fetch(`${base}/plain/echo`, { method: "POST", body: "x".repeat(17) });
    expect(whole.status).toBe(422);
    expect((await whole.json()).error.message).toContain("larger than 16 bytes");
    const chunks = new ReadableStream<Uint8Array>({
      start(c) {
        for (let i = 0; i < 4; i++) c.enqueue(new TextEncoder().encode("x".repeat(8)));
        c.close();
      },
    });
    const chunked = await fetch(`${base}/plain/echo`, {
      method: "POST",
      body: chunks,
      duplex: "half",
    } as RequestInit);
    expect(chunked.status).toBe(422);
  });

  it("refuses a plain door's chunked body past its cap and leaves its connection whole, not reset", async () => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const post = (body: string) =>
      new Promise<{ status: number; text: string }>((resolve, reject) => {
        const r = http.request(`${base}/plain/echo`, { method: "POST", agent }, (res) => {
          let text = "";
          res.on("data", (c) => (text += c)).on("end", () => resolve({ status: res.statusCode!, text }));
        });
        r.on("error", reject);
        // sent in pieces, with no length: the floor finds the size only by reading
        for (let i = 0; i < body.length; i += 10) r.write(body.slice(i, i + 10));
        r.end();
      });
    try {
      const big = await post("y".repeat(10_000));
      expect(big.status).toBe(422);
      expect(big.text).toContain("larger than 16 bytes");
      // The refusal came while the client was still sending: the rest is read and dropped, not the socket destroyed
      // under it (the next request on the agent then failed with ECONNRESET).
      const small = await post("héllo");
      expect(small.status).toBe(201);
      expect(JSON.parse(small.text).body).toBe("héllo");
    } finally {
      agent.destroy();
    }
  });

  it("names the socket's peer under the peer header to either kind of door, over whatever the client sent there", async () => {
    // A guest's address is read from it (server/http/address.ts): a client must not choose its own rate-limit key.
    for (const path of ["/api/peer", "/plain/peer"]) {
      const r = await fetch(`${base}${path}`, {
        headers: { [PEER_HEADER]: "203.0.113.7", "x-forwarded-for": "198.51.100.1" },
      });
      expect(await r.json(), path).toEqual({ peer: "127.0.0.1" });
      expect(await (await fetch(`${base}${path}`)).json(), path).toEqual({ peer: "127.0.0.1" });
    }
  });

  it("answers a plain door that throws with one sentence (500), and its malformed %-escape with the 404", async () => {
    for (const path of ["/plain/throws", "/plain/throws-at-once", "/plain/unwritable"]) {
      const thrown = await fetch(`${base}${path}`);
      expect(thrown.status, path).toBe(500);
      expect((await thrown.json()).error.code, path).toBe("internal");
    }
    const bad = await fetch(`${base}/plain/echo%E0`);
    expect(bad.status).toBe(404);
  });
});
