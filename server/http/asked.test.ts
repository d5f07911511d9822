// A request as a web Request without its body (for a door whose library takes one, MCP's transport) and a web
// Response as an Answer: the headers as sent, the peer the socket's own whatever the client claimed, no body carried
// twice, and the answer's length left to the writer.
import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";
import { describe, expect, it } from "vitest";
import { PEER_HEADER } from "./address";
import { answerOf, askedOfNode, requestOf } from "./asked";

/** What `read` makes of one real request as node:http parsed it, while its socket is open. */
async function taken<T>(
  init: RequestInit,
  read: (req: IncomingMessage) => T,
  target = "/mcp?x=1",
): Promise<T> {
  let made: T | null = null;
  const server = createServer((r, res) => {
    made = read(r);
    r.resume();
    res.end();
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  try {
    await (await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}${target}`, init)).text();
  } finally {
    await new Promise<void>((r) => server.close(() => r()));
  }
  return made!;
}

describe("requestOf", () => {
  it("carries the method, the path and query, and every header as sent; the peer is the socket's", async () => {
    const made = await taken(
      {
        method: "POST",
        headers: {
          accept: "application/json, text/event-stream",
          "content-type": "application/json",
          "mcp-protocol-version": "2025-06-18",
          [PEER_HEADER]: "6.6.6.6",
          "x-other": "a",
        },
        body: '{"jsonrpc":"2.0"}',
      },
      (req) => requestOf(askedOfNode(req)),
    );
    expect(made.method).toBe("POST");
    expect(new URL(made.url).pathname + new URL(made.url).search).toBe("/mcp?x=1");
    expect(made.headers.get("accept")).toBe("application/json, text/event-stream");
    expect(made.headers.get("content-type")).toBe("application/json");
    expect(made.headers.get("mcp-protocol-version")).toBe("2025-06-18");
    expect(made.headers.get("x-other")).toBe("a");
    // A client cannot name its own address: the socket's peer stands in its place, once.
    expect(made.headers.get(PEER_HEADER)).toBe("127.0.0.1");
    // The floor read the body; the Request does not carry it again.
    expect(made.body).toBeNull();
  });

  it("lists the headers of a web Request too (a route file served by Next alone)", () => {
    const made = requestOf({
      method: "DELETE",
      target: "/mcp",
      host: "localhost:3000",
      headers: new Headers({ "mcp-session-id": "s" }),
      body: null,
    });
    expect(made.method).toBe("DELETE");
    expect(made.url).toBe("http://localhost:3000/mcp");
    expect(made.headers.get("mcp-session-id")).toBe("s");
  });

  it("throws for a Host that makes no URL (the door answers that as malformed)", () => {
    expect(() =>
      requestOf({ method: "POST", target: "/mcp", host: "bad host", headers: new Headers(), body: null }),
    ).toThrow();
  });
});

describe("answerOf", () => {
  it("keeps the status, the headers by lower-case name and the body, and drops the length for the writer", async () => {
    const answer = await answerOf(
      new Response('{"ok":true}', {
        status: 201,
        headers: { "Content-Type": "application/json", "Content-Length": "11", "X-A": "b" },
      }),
    );
    expect(answer).toEqual({
      status: 201,
      headers: { "content-type": "application/json", "x-a": "b" },
      body: '{"ok":true}',
    });
  });

  it("reads a body that comes in several chunks whole, a character split between two of them too", async () => {
    const bytes = new TextEncoder().encode('{"name":"Zoë ☕"}');
    const cut = bytes.indexOf(0xe2) + 1; // inside the three bytes of ☕
    const body = new ReadableStream<Uint8Array>({
      start(c) {
        c.enqueue(bytes.subarray(0, 3));
        c.enqueue(bytes.subarray(3, cut));
        c.enqueue(bytes.subarray(cut));
        c.close();
      },
    });
    expect((await answerOf(new Response(body))).body).toBe('{"name":"Zoë ☕"}');
    expect((await answerOf(new Response(""))).body).toBe("");
  });

  it("reads an answer with no body as an empty one", async () => {
    expect(await answerOf(new Response(null, { status: 202 }))).toEqual({
      status: 202,
      headers: {},
      body: "",
    });
  });
});
