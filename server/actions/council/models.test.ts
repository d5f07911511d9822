// Model seats over HTTP, end to end through the actions: a local fake openai-compatible server answers (or fails),
// each call is recorded with its tokens, latency and cost, and a seat whose provider fails twice is emptied.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testDatabase, type TestDatabase } from "../../testing/db";
import { chat, fakeChatServer, type FakeReply } from "../../testing/fakeModel";
import { councilMinutes, councilState, convene } from "./index";
import { convened, modelSeat, models, people, steady, T0, table } from "./testing";

let db: TestDatabase;
let fake: Awaited<ReturnType<typeof fakeChatServer>>;
let base = "";
type Reply = FakeReply;
/** What the fake model says, by the seat named in the prompt: one reply always, or a list answered in turn. */
const replies = new Map<string, Reply | Reply[]>();
const saved = { ...process.env };

beforeAll(async () => {
  db = await testDatabase();
  fake = await fakeChatServer((body) => {
    const prompt: string = body.messages.at(-1).content;
    const seat = /You hold the seat "([^"]+)"/.exec(prompt)?.[1] ?? "";
    const scripted = replies.get(seat);
    return (
      (Array.isArray(scripted) ? (scripted.length > 1 ? scripted.shift() : scripted[0]) : scripted) ?? {
        status: 500,
        body: { error: { message: "no reply scripted" } },
      }
    );
  });
  base = fake.base;
  process.env.PARLEY_MODEL_BASE_URLS = base;
  process.env.OPENAI_API_KEY = "sk-never-sent-to-a-seat-url";
});
afterAll(async () => {
  process.env = saved;
  await fake.close();
  await db?.drop();
});

/** A seat asked over HTTP, at the fake server. */
const overHttp = (name: string) => ({
  ...modelSeat(name),
  script: undefined,
  provider: "openai-compatible" as const,
  model: "local-llm",
  base_url: base,
});

describe("an openai-compatible seat", () => {
  it("is asked over HTTP; the call's tokens, latency and cost are recorded; a failing provider empties its seat", async () => {
    const { fac } = await people(db, "m1", ["fac"]);
    replies.set("llm", chat(steady("ship", 7, "a")[1]));
    replies.set("down", { status: 503, body: { error: { message: "model is loading" } } });
    const id = await convened(
      db,
      fac,
      table([overHttp("llm"), overHttp("down"), modelSeat("a"), modelSeat("b")]),
    );
    // a 503 is transient: tried again with backoff (at most 5 tries an ask), the sweeper's later runs asking
    for (let k = 0; k <= 12; k++) await models(db, id, T0 + k * 10_000);
    const s = await councilState(db.prisma, fac, { id }, T0 + 130_000);
    const v = s.ok ? s.value : null;
    expect(v?.calls.filter((c) => c.round === 1 && c.provider === "openai-compatible")).toEqual([
      expect.objectContaining({
        name: "llm",
        attempt: 1,
        ok: true,
        tokensIn: 120,
        tokensOut: 40,
        costUsd: 0.0005,
        model: "local-llm",
      }),
      ...[1, 2].flatMap((attempt) =>
        [1, 2, 3, 4, 5].map((t) =>
          expect.objectContaining({
            name: "down",
            attempt,
            try: t,
            ok: false,
            error: `HTTP 503 from ${new URL(base).host}: model is loading`,
            retryAt: t < 5 ? expect.any(String) : null,
          }),
        ),
      ),
    ]);
    expect(v?.seats.find((x) => x.name === "down")).toMatchObject({
      status: "emptied",
      emptiedReason: "no usable reply 2 times in round 1 (the model call failed)",
    });
    expect(v?.failures.filter((f) => f.name === "down").map((f) => f.problem)).toEqual([
      `The openai-compatible call failed: HTTP 503 from ${new URL(base).host}: model is loading (gave up after 5 tries).`,
      `The openai-compatible call failed: HTTP 503 from ${new URL(base).host}: model is loading (gave up after 5 tries).`,
    ]);
    expect(v?.rounds[0]).toMatchObject({ open: false });
    const md = await councilMinutes(db.prisma, fac, { id }, T0 + 130_000);
    expect(md.ok && md.value.markdown).toContain(
      "| the llm lens | 1 | 1 | openai-compatible · local-llm | 120 / 40 |",
    );
    expect(md.ok && md.value.markdown).toContain("failed: HTTP 503");
  });

  it("a 429 with Retry-After is tried again after it, and the seat answers; the minutes show both tries", async () => {
    const { fac } = await people(db, "m3", ["fac"]);
    replies.set("busy", [
      { status: 429, body: { error: { message: "rate limited" } }, headers: { "retry-after": "20" } },
      chat(steady("hold", 6, "a")[1]),
    ]);
    const id = await convened(db, fac, table([overHttp("busy"), modelSeat("a"), modelSeat("b")]));
    await models(db, id, T0);
    await models(db, id, T0 + 19_000); // before Retry-After: not asked
    const early = await councilState(db.prisma, fac, { id }, T0 + 19_000);
    expect(early.ok && early.value.calls.filter((c) => c.name === "busy")).toEqual([
      expect.objectContaining({ try: 1, ok: false, retryAt: new Date(T0 + 20_000).toISOString() }),
    ]);
    await models(db, id, T0 + 20_000);
    const s = await councilState(db.prisma, fac, { id }, T0 + 20_000);
    const v = s.ok ? s.value : null;
    expect(v?.calls.filter((c) => c.name === "busy" && c.round === 1)).toEqual([
      expect.objectContaining({ attempt: 1, try: 1, ok: false, error: expect.stringMatching(/^HTTP 429 /) }),
      expect.objectContaining({ attempt: 1, try: 2, ok: true, retryAt: null }),
    ]);
    // its round 1 answer was taken: no failed ask counted against the seat in round 1 (round 2's reply, scripted for
    // round 1 here, is another story)
    expect(v?.failures.filter((f) => f.name === "busy" && f.round === 1)).toEqual([]);
    const md = await councilMinutes(db.prisma, fac, { id }, T0 + 20_000);
    expect(md.ok && md.value.markdown).toContain("| 1 (try 2) |");
    expect(md.ok && md.value.markdown).toContain(`(tried again from ${new Date(T0 + 20_000).toISOString()})`);
  });

  it("past the server's budget for the day it is not asked: that counts as a failed ask, and the second empties the seat", async () => {
    process.env.PARLEY_MODEL_BUDGET_DAY_TOKENS = "100";
    // A day after every other test here, so the day's spending is this test's alone.
    const LATER = T0 + 10 * 86_400_000;
    try {
      const { fac } = await people(db, "m4", ["fac"]);
      replies.set("spender", chat(steady("ship", 7, "a")[1])); // 120 in + 40 out: the day's 100 spent
      replies.set("late", chat(steady("ship", 7, "a")[1]));
      const first = await convened(
        db,
        fac,
        table([overHttp("spender"), modelSeat("a"), modelSeat("b")]),
        LATER,
      );
      await models(db, first, LATER);
      const spent = await db.prisma.modelCall.findMany({
        where: { councilId: first, provider: "openai-compatible" },
      });
      expect(spent.map((c) => [c.ok, c.tokensIn, c.tokensOut])).toEqual([[true, 120, 40]]);
      const second = await convened(
        db,
        fac,
        table([overHttp("late"), modelSeat("a"), modelSeat("b"), modelSeat("c")]),
        LATER + 1000,
      );
      await models(db, second, LATER + 1000);
      const s = await councilState(db.prisma, fac, { id: second }, LATER + 1000);
      const v = s.ok ? s.value : null;
      expect(v?.calls.filter((c) => c.name === "late")).toEqual([]);
      const problem = "The server's budget for model calls today is spent, so the model was not asked.";
      expect(v?.failures.filter((f) => f.name === "late").map((f) => f.problem)).toEqual([problem, problem]);
      expect(v?.seats.find((x) => x.name === "late")).toMatchObject({
        status: "emptied",
        emptiedReason: "not asked in round 1: the server's budget for model calls today is spent",
      });
      // the scripted souls spend no key: they answered
      expect(v?.rounds[0]).toMatchObject({ open: false });
    } finally {
      delete process.env.PARLEY_MODEL_BUDGET_DAY_TOKENS;
    }
  });

  it("a base URL the server does not list is refused at convening", async () => {
    const { fac } = await people(db, "m2", ["fac"]);
    const r = await convene(
      db.prisma,
      fac,
      table([
        {
          ...modelSeat("x"),
          script: undefined,
          provider: "openai-compatible",
          base_url: "http://127.0.0.1:1/v1",
        },
        modelSeat("a"),
        modelSeat("b"),
      ]),
      T0,
    );
    expect(r).toMatchObject({
      ok: false,
      code: "invalid",
      message: expect.stringContaining("is not an allowed base URL"),
    });
  });
});
