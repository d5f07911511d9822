// A local fake of the openai-compatible chat API on 127.0.0.1, for the model tests: a real HTTP server (no mock of
// fetch), answering each request as the test says, and the shape of a chat completion.
import http from "node:http";
import type { AddressInfo } from "node:net";

export type FakeReply = { status: number; body: unknown; headers?: Record<string, string> };

/** A chat completion whose message is `content` (JSON unless a string), with its usage block. */
export const chat = (
  content: unknown,
  usage: { prompt_tokens: number; completion_tokens: number; cost?: number } = {
    prompt_tokens: 120,
    completion_tokens: 40,
    cost: 0.0005,
  },
): FakeReply => ({
  status: 200,
  body: {
    choices: [{ message: { content: typeof content === "string" ? content : JSON.stringify(content) } }],
    usage,
  },
});

/** Starts the fake; `answer` gets each request's parsed body. `base` is its /v1 URL. */
export async function fakeChatServer(
  answer: (body: any) => FakeReply,
): Promise<{ base: string; close(): Promise<void> }> {
  const server = http.createServer((req, res) => {
    let raw = "";
    req.on("data", (c) => (raw += c));
    req.on("end", () => {
      const r = answer(JSON.parse(raw));
      res.writeHead(r.status, { "content-type": "application/json", ...r.headers });
      res.end(JSON.stringify(r.body));
    });
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  return {
    base: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`,
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}
