// The model providers against a local fake server on 127.0.0.1: what each sends (key, version, model, prompt, the
// field that caps the reply), what it reads back (text, tokens, cost, unknown where no price is), and every failure
// shown as one sentence — plus the scripted soul.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { anthropic } from "./anthropic";
import { soulsEnv, type SoulsEnv } from "./env";
import { checkModelSeat } from "./index";
import { MAX_TOKENS, openaiCompatible } from "./openai";
import type { SoulRequest } from "./provider";
import { houseReply, scripted } from "./scripted";

type Seen = { method: string; url: string; headers: http.IncomingHttpHeaders; body: any };
type Reply = { status: number; body: unknown; delayMs?: number; headers?: Record<string, string> };

let server: http.Server;
let base = "";
const seen: Seen[] = [];
let next: Reply = { status: 200, body: {} };

beforeAll(async () => {
  server = http.createServer((req, res) => {
    let raw = "";
    req.on("data", (c) => (raw += c));
    req.on("end", () => {
      seen.push({
        method: req.method!,
        url: req.url!,
        headers: req.headers,
        body: raw ? JSON.parse(raw) : null,
      });
      const { status, body, delayMs, headers } = next;
      setTimeout(() => {
        res.writeHead(status, { "content-type": "application/json", ...headers });
        res.end(typeof body === "string" ? body : JSON.stringify(body));
      }, delayMs ?? 0);
    });
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

const env = (over: Partial<SoulsEnv> = {}): SoulsEnv => ({
  ...soulsEnv({} as unknown as NodeJS.ProcessEnv),
  anthropicKey: "sk-ant-test",
  anthropicBaseUrl: base,
  openaiKey: "sk-oai-test",
  openaiBaseUrl: `${base}/v1`,
  timeoutMs: 2_000,
  ...over,
});

const request = (over: Partial<SoulRequest> = {}): SoulRequest => ({
  prompt: "Round 1 of 4 — OPEN. Reply with one JSON object.",
  model: "test-model",
  baseUrl: null,
  round: 1,
  attempt: 1,
  seat: { name: "finance", soul: "Counts the cost." },
  options: ["ship", "hold"],
  names: ["finance", "brand", "legal"],
  transcript: [],
  axes: [],
  script: undefined,
  ...over,
});

describe("anthropic", () => {
  it("posts the Messages API with the key and version headers, and reads the text and the token counts", async () => {
    seen.length = 0;
    next = {
      status: 200,
      body: {
        content: [{ type: "text", text: '{"position":"ship"}' }],
        usage: { input_tokens: 321, output_tokens: 45 },
      },
    };
    const r = await anthropic(env()).call(request());
    expect(r).toEqual({ ok: true, text: '{"position":"ship"}', tokensIn: 321, tokensOut: 45, costUsd: null });
    expect(seen[0]).toMatchObject({
      method: "POST",
      url: "/v1/messages",
      headers: { "x-api-key": "sk-ant-test", "anthropic-version": "2023-06-01" },
      body: {
        model: "test-model",
        max_tokens: 1024,
        messages: [{ role: "user", content: request().prompt }],
      },
    });
  });

  it("reports an HTTP error with the provider's own sentence, a timeout, an empty answer and a missing key", async () => {
    next = {
      status: 529,
      body: { type: "error", error: { type: "overloaded_error", message: "Overloaded" } },
    };
    // A request the provider refused is not billed: it cost nothing. One with no answer cost what nobody knows.
    expect(await anthropic(env()).call(request())).toMatchObject({
      ok: false,
      error: `HTTP 529 from ${new URL(base).host}: Overloaded`,
      costUsd: 0,
    });
    next = { status: 200, body: { content: [] }, delayMs: 300 };
    expect(await anthropic(env({ timeoutMs: 100 })).call(request())).toMatchObject({
      ok: false,
      error: `no answer from ${new URL(base).host} within 100 ms`,
      costUsd: null,
    });
    next = { status: 200, body: { content: [], usage: { input_tokens: 10, output_tokens: 0 } } };
    expect(await anthropic(env()).call(request())).toMatchObject({
      ok: false,
      error: "the model answered with no text",
      tokensIn: 10,
    });
    next = { status: 200, body: "<html>not json</html>" };
    expect(await anthropic(env()).call(request())).toMatchObject({
      ok: false,
      error: expect.stringContaining("not JSON"),
    });
    expect(await anthropic(env({ anthropicKey: null })).call(request())).toMatchObject({
      ok: false,
      error: "ANTHROPIC_API_KEY is not set in the server's environment",
    });
  });
});

describe("transient failures and prices", () => {
  it("says which failures may be tried again, with the provider's Retry-After (seconds or a date)", async () => {
    next = { status: 429, body: { error: { message: "slow down" } }, headers: { "retry-after": "7" } };
    expect(await anthropic(env()).call(request())).toMatchObject({
      ok: false,
      error: `HTTP 429 from ${new URL(base).host}: slow down`,
      transient: true,
      retryAfterMs: 7000,
    });
    next = { status: 503, body: {}, headers: { "retry-after": new Date(Date.now() + 60_000).toUTCString() } };
    const r = await openaiCompatible(env()).call(request());
    expect(r).toMatchObject({ ok: false, transient: true });
    expect(!r.ok && r.retryAfterMs).toBeGreaterThan(55_000);
    next = { status: 400, body: { error: { message: "bad request" } } };
    expect(await anthropic(env()).call(request())).toMatchObject({
      ok: false,
      transient: false,
      retryAfterMs: null,
    });
    next = { status: 200, body: { content: [] }, delayMs: 300 };
    expect(await anthropic(env({ timeoutMs: 100 })).call(request())).toMatchObject({
      ok: false,
      transient: true,
    });
  });

  it("prices an Anthropic call from the table (PARLEY_MODEL_PRICES adds or overrides, by model prefix)", async () => {
    next = {
      status: 200,
      body: {
        content: [{ type: "text", text: "{}" }],
        usage: { input_tokens: 1_000_000, output_tokens: 200_000 },
      },
    };
    expect(await anthropic(env()).call(request({ model: "claude-sonnet-4-5-20250929" }))).toMatchObject({
      costUsd: 3 + 0.2 * 15,
    });
    const priced = soulsEnv({
      PARLEY_MODEL_PRICES: '{"claude-sonnet-4-5": [2, 10]}',
    } as unknown as NodeJS.ProcessEnv).prices;
    expect(
      await anthropic(env({ prices: priced })).call(request({ model: "claude-sonnet-4-5-20250929" })),
    ).toMatchObject({
      costUsd: 2 + 0.2 * 10,
    });
    expect(await anthropic(env()).call(request({ model: "test-model" }))).toMatchObject({ costUsd: null });
    expect(() => soulsEnv({ PARLEY_MODEL_PRICES: '{"x": 3}' } as unknown as NodeJS.ProcessEnv)).toThrow(
      /needs \[in, out\]/,
    );
  });

  it("asks OpenAI's reasoning models and GPT-5 for max_completion_tokens, the others for max_tokens", async () => {
    next = { status: 200, body: { choices: [{ message: { content: "{}" } }] } };
    for (const [model, key] of [
      ["o3-mini", "max_completion_tokens"],
      ["o1", "max_completion_tokens"],
      ["o4-mini-2025-04-16", "max_completion_tokens"],
      ["gpt-5", "max_completion_tokens"],
      ["gpt-5-mini", "max_completion_tokens"],
      ["openai/o3", "max_completion_tokens"],
      ["gpt-4o", "max_tokens"],
      ["gpt-4.1-mini", "max_tokens"],
      ["llama3.1", "max_tokens"],
      ["ollama-o1-clone", "max_tokens"],
    ] as const) {
      seen.length = 0;
      await openaiCompatible(env()).call(request({ model }));
      expect(seen[0]!.body[key], model).toBe(MAX_TOKENS[key]);
      expect(
        Object.keys(seen[0]!.body).filter((k) => k.startsWith("max_")),
        model,
      ).toEqual([key]);
    }
    // Room for a reasoning model's hidden reasoning as well as its reply.
    expect(MAX_TOKENS.max_completion_tokens).toBeGreaterThan(MAX_TOKENS.max_tokens);
  });

  it("PARLEY_MODEL_TOKEN_PARAM sets the field per model by prefix, the longest prefix first, over the default", async () => {
    next = { status: 200, body: { choices: [{ message: { content: "{}" } }] } };
    const configured = soulsEnv({
      PARLEY_MODEL_TOKEN_PARAM:
        '{"my-deployment": "max_completion_tokens", "o1-local": "max_tokens", "my-deployment-old": "max_tokens"}',
    } as unknown as NodeJS.ProcessEnv).tokenParams;
    for (const [model, key] of [
      ["my-deployment-o3", "max_completion_tokens"],
      ["my-deployment-old-4o", "max_tokens"],
      ["o1-local-7b", "max_tokens"],
      ["o3", "max_completion_tokens"],
      ["gpt-4o", "max_tokens"],
    ] as const) {
      seen.length = 0;
      await openaiCompatible(env({ tokenParams: configured })).call(request({ model }));
      expect(
        Object.keys(seen[0]!.body).filter((k) => k.startsWith("max_")),
        model,
      ).toEqual([key]);
    }
    expect(() =>
      soulsEnv({ PARLEY_MODEL_TOKEN_PARAM: '{"x": "max_output_tokens"}' } as unknown as NodeJS.ProcessEnv),
    ).toThrow(/"x" needs "max_tokens" or "max_completion_tokens"/);
    expect(() => soulsEnv({ PARLEY_MODEL_TOKEN_PARAM: "o3" } as unknown as NodeJS.ProcessEnv)).toThrow(
      /not JSON/,
    );
  });

  it("an openai-compatible call costs what the gateway says, else the price table's, else unknown (null), never 0", async () => {
    const usage = { prompt_tokens: 1_000_000, completion_tokens: 100_000 };
    next = { status: 200, body: { choices: [{ message: { content: "{}" } }], usage } };
    expect(await openaiCompatible(env()).call(request({ model: "gpt-4o-mini" }))).toMatchObject({
      ok: true,
      tokensIn: 1_000_000,
      tokensOut: 100_000,
      costUsd: null,
    });
    const prices = soulsEnv({
      PARLEY_MODEL_PRICES: '{"gpt-4o-mini": [0.15, 0.6]}',
    } as unknown as NodeJS.ProcessEnv).prices;
    expect(
      (await openaiCompatible(env({ prices })).call(request({ model: "gpt-4o-mini-2024-07-18" }))).costUsd,
    ).toBeCloseTo(0.15 + 0.06, 10);
    next = {
      status: 200,
      body: { choices: [{ message: { content: "{}" } }], usage: { ...usage, cost: 0.5 } },
    };
    expect(await openaiCompatible(env({ prices })).call(request({ model: "gpt-4o-mini" }))).toMatchObject({
      costUsd: 0.5,
    });
    // No token counts: no cost either, whatever the table says.
    next = { status: 200, body: { choices: [{ message: { content: "{}" } }] } };
    expect(await openaiCompatible(env({ prices })).call(request({ model: "gpt-4o-mini" }))).toMatchObject({
      costUsd: null,
    });
  });

  it("says so when a reasoning model spent its tokens before it answered", async () => {
    next = {
      status: 200,
      body: {
        choices: [{ message: { content: "" }, finish_reason: "length" }],
        usage: { prompt_tokens: 900, completion_tokens: 8192 },
      },
    };
    expect(await openaiCompatible(env()).call(request({ model: "o3" }))).toMatchObject({
      ok: false,
      error: "the model spent its 8192 tokens (max_completion_tokens) before it answered",
      tokensOut: 8192,
      costUsd: null,
    });
  });
});

describe("openai-compatible", () => {
  it("posts chat completions with the key to OPENAI_BASE_URL, and reads text, tokens and a gateway's cost", async () => {
    seen.length = 0;
    next = {
      status: 200,
      body: {
        choices: [{ message: { content: "```json\n{}\n```" } }],
        usage: { prompt_tokens: 200, completion_tokens: 30, cost: 0.0012 },
      },
    };
    const r = await openaiCompatible(env()).call(request());
    expect(r).toEqual({ ok: true, text: "```json\n{}\n```", tokensIn: 200, tokensOut: 30, costUsd: 0.0012 });
    expect(seen[0]).toMatchObject({
      url: "/v1/chat/completions",
      headers: { authorization: "Bearer sk-oai-test" },
      body: {
        model: "test-model",
        messages: [{ role: "system" }, { role: "user", content: request().prompt }],
      },
    });
  });

  it("never sends the server's key to a seat's own base URL", async () => {
    seen.length = 0;
    next = { status: 200, body: { choices: [{ message: { content: "{}" } }] } };
    const r = await openaiCompatible(env({ openaiBaseUrl: "https://api.openai.com/v1" })).call(
      request({ baseUrl: `${base}/local/v1` }),
    );
    expect(r).toMatchObject({ ok: true, tokensIn: null, tokensOut: null, costUsd: null });
    expect(seen[0]!.url).toBe("/local/v1/chat/completions");
    expect(seen[0]!.headers.authorization).toBeUndefined();
  });

  it("reports an unreachable server and an HTTP error as failures", async () => {
    next = { status: 401, body: { error: { message: "Incorrect API key provided" } } };
    expect(await openaiCompatible(env()).call(request())).toMatchObject({
      ok: false,
      error: `HTTP 401 from ${new URL(base).host}: Incorrect API key provided`,
    });
    expect(
      await openaiCompatible(env({ openaiBaseUrl: "http://127.0.0.1:9/v1" })).call(request()),
    ).toMatchObject({
      ok: false,
      error: expect.stringContaining("could not reach 127.0.0.1:9"),
    });
  });
});

describe("checking a model seat at convening", () => {
  it("allows a seat's base URL only when the server lists it, and a provider only with its key", () => {
    const e = env({ allowedBaseUrls: ["http://127.0.0.1:11434/v1"], anthropicKey: null });
    expect(
      checkModelSeat({ name: "m", provider: "openai-compatible", baseUrl: "http://127.0.0.1:11434/v1/" }, e),
    ).toEqual({
      ok: true,
      value: { provider: "openai-compatible", model: "gpt-4o-mini", baseUrl: "http://127.0.0.1:11434/v1/" },
    });
    expect(
      checkModelSeat({ name: "m", provider: "openai-compatible", baseUrl: "http://169.254.169.254/" }, e),
    ).toMatchObject({
      ok: false,
      code: "invalid",
    });
    expect(checkModelSeat({ name: "m", provider: "anthropic" }, e)).toMatchObject({
      ok: false,
      message: expect.stringContaining("ANTHROPIC_API_KEY"),
    });
    expect(checkModelSeat({ name: "m", provider: "scripted", baseUrl: "http://x" }, e)).toMatchObject({
      ok: false,
    });
    expect(checkModelSeat({ name: "m", provider: "gemini" }, e)).toMatchObject({ ok: false });
  });
});

describe("scripted", () => {
  it("answers from its script, the re-ask from the second entry, and is the same every time", async () => {
    const script = { replies: { "1": ["not json", { position: "hold" }] } };
    expect(await scripted().call(request({ script }))).toMatchObject({ ok: true, text: "not json" });
    expect(await scripted().call(request({ script, attempt: 2 }))).toMatchObject({
      text: '{"position":"hold"}',
    });
    const a = await scripted().call(request());
    expect(a).toEqual(await scripted().call(request()));
    // No provider is paid for it: its cost is known, and nothing.
    expect(a).toMatchObject({ tokensIn: null, costUsd: 0 });
  });

  it("the house soul follows the table's plurality after round 1, and never votes 5", () => {
    const transcript = [
      {
        round: 1 as const,
        name: "brand",
        reply: { position: "hold", reasoning: "r", confidence_now: 6, what_would_change_your_mind: "w" },
      },
      {
        round: 1 as const,
        name: "legal",
        reply: { position: "hold", reasoning: "r", confidence_now: 6, what_would_change_your_mind: "w" },
      },
    ];
    expect(houseReply(request({ round: 2, transcript }))).toMatchObject({
      position: "hold",
      challenge: { target: "brand" },
    });
    const vote = houseReply(request({ round: 4, transcript }));
    expect(vote).toMatchObject({ final_vote: "hold", dissent_note: null });
    expect(vote.final_confidence).not.toBe(5);
  });
});
