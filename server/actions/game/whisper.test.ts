// Whispers (game.md §12) through every door: sent by a person, an agent and over tRPC, answered by a house bot, read
// whole by their two seats only until the reveal — at the JSON API, MCP, tRPC and the live feed with its replay —
// and published, judged, in the record after it. A race for a seat's last whisper lands exactly the limit.
import { describe, expect, it } from "vitest";
import { createAgent, whoForToken } from "../agents";
import { eventAudience } from "../live";
import { ANON, type Who } from "../../identity";
import { api, callTool, mcpClient } from "../../testing/doors";
import { makeUser, type TestDatabase } from "../../testing/db";
import { databaseForFile } from "../../testing/lifecycle";
import { createCaller } from "../../doors/trpc";
import { fixedClock } from "../../clock";
import { eventStream } from "../../live/sse";
import { Tailer } from "../../live/tail";
import { replay, WHISPERS_PER_SEAT } from "../../rules/game";
import { whisper } from "./whisper";

const NOW = Date.parse("2026-12-01T12:00:00Z");
const clock = fixedClock(NOW);
const DAY = 86_400_000;

let db: TestDatabase;
databaseForFile((made) => (db = made));

type Person = Extract<Who, { kind: "user" }>;

/** A started 4-seat table: the host (seat 0), another person's agent (1), a person (2) and a house bot (3). */
async function table(tag: string) {
  const host = await makeUser(db, `${tag}-host`);
  const owner = await makeUser(db, `${tag}-owner`);
  const made = await createAgent(db.prisma, owner, { name: `${tag}-agent` });
  if (!made.ok) throw new Error(made.message);
  const agent = (await whoForToken(db.prisma, made.value.token))!;
  const p2 = await makeUser(db, `${tag}-p2`);
  const as = (who: Who, at = clock) => api(db.prisma, who, { clock: at });
  const opened = await as(host)("POST", "/api/tables", { title: "Whispers", seats_max: 4 });
  const id = opened.body.id as number;
  for (const who of [agent, p2]) expect((await as(who)("POST", `/api/tables/${id}/join`)).status).toBe(200);
  expect((await as(host)("POST", `/api/tables/${id}/bots`, { count: 1 })).status).toBe(200);
  expect((await as(host)("POST", `/api/tables/${id}/start`)).status).toBe(200);
  return { id, host, owner, agent, p2, as };
}

describe("whispering through every door", () => {
  it("a person, an agent and tRPC whisper; the bot answers in kind; refusals are named", async () => {
    const { id, host, agent, p2, as } = await table("doors");
    const rest = await as(host)("POST", `/api/tables/${id}/whisper`, { to: 2, text: "secret-host-to-p2" });
    expect(rest).toMatchObject({
      status: 201,
      body: { index: 0, from: 0, to: 2, left: WHISPERS_PER_SEAT - 1 },
    });
    const client = await mcpClient(db.prisma, agent, clock);
    expect((await client.listTools()).tools.map((t) => t.name)).toContain("whisper");
    const viaMcp = await callTool(client, "whisper", {
      table_id: id,
      to: 0,
      text: "secret-agent-to-host",
      claims: [{ clause: (await charterOf(id))[0]!, setting: "zzz" }],
    });
    expect(viaMcp.text).toMatch(/^invalid: A whispered claim sets /);
    const clause = (await charterOf(id))[0]!;
    const settings = (await as(agent)("GET", `/api/tables/${id}`)).body.settings[clause] as string[];
    const ok = await callTool(client, "whisper", {
      table_id: id,
      to: 0,
      text: "secret-agent-to-host",
      claims: [{ clause, setting: settings[0] }],
    });
    expect(ok.json).toMatchObject({ index: 1, from: 1, to: 0 });
    await client.close();
    await createCaller({ db: db.prisma, who: p2, clock }).tables.whisper({
      tableId: id,
      to: 1,
      text: "secret-p2-to-agent",
    });

    // The bot answers a whisper at once, with what its strategy tells in private.
    const toBot = await as(host)("POST", `/api/tables/${id}/whisper`, { to: 3, text: "secret-host-to-bot" });
    expect(toBot.body).toMatchObject({ index: 3, to: 3 });
    const seen = (await as(host)("GET", `/api/tables/${id}`)).body.game.whispers;
    expect(seen.at(-1)).toMatchObject({ from: 3, to: 0, sealed: false, text: expect.any(String) });
    expect(seen.at(-1).claims.length).toBeGreaterThan(0);

    // Named refusals, each with its status.
    const outsider = await makeUser(db, "doors-outsider");
    const cases: [Who, unknown, number, string][] = [
      [ANON, { to: 1, text: "hi" }, 401, "signin_required"],
      [outsider, { to: 1, text: "hi" }, 403, "forbidden"],
      [host, { to: 0, text: "me" }, 422, "invalid"],
      [host, { to: 1 }, 422, "invalid"],
      [host, { to: 1, text: "x", volume: 11 }, 422, "invalid"],
      [host, { to: 7, text: "x" }, 422, "invalid"],
    ];
    for (const [who, body, status, code] of cases) {
      const r = await as(who)("POST", `/api/tables/${id}/whisper`, body);
      expect([r.status, r.body.error?.code], JSON.stringify(body)).toEqual([status, code]);
    }
    expect((await as(host)("POST", `/api/tables/999999/whisper`, { to: 1, text: "x" })).status).toBe(404);
  });

  it("before the reveal each viewer reads only its own whispers, at every door and on the live feed with its replay", async () => {
    const tailer = new Tailer(db);
    await tailer.start();
    const { id, host, owner, agent, p2, as } = await table("redact");
    const first = await db.prisma.event.findFirst({
      where: { topic: `table:${id}` },
      orderBy: { id: "asc" },
    });
    await as(host)("POST", `/api/tables/${id}/whisper`, { to: 2, text: "secret-A" });
    await as(agent)("POST", `/api/tables/${id}/whisper`, { to: 0, text: "secret-B" });
    await as(p2)("POST", `/api/tables/${id}/whisper`, { to: 1, text: "secret-C" });
    const outsider = await makeUser(db, "redact-outsider");
    const admin: Person = { ...(await makeUser(db, "redact-admin")), admin: true };
    // Who may read which: A host↔p2, B agent↔host, C p2↔agent. The agent's owner holds no seat.
    const viewers: [string, Who, string[]][] = [
      ["guest", ANON, []],
      ["outsider", outsider, []],
      ["admin", admin, []],
      ["owner", owner, []],
      ["host", host, ["secret-A", "secret-B"]],
      ["agent", agent, ["secret-B", "secret-C"]],
      ["p2", p2, ["secret-A", "secret-C"]],
    ];
    for (const [name, who, reads] of viewers) {
      const viaRest = JSON.stringify((await as(who)("GET", `/api/tables/${id}`)).body);
      const client = await mcpClient(db.prisma, who, clock);
      const viaMcp = (await callTool(client, "table_state", { table_id: id })).text;
      await client.close();
      const viaTrpc = JSON.stringify(
        await createCaller({ db: db.prisma, who, clock }).tables.state({ tableId: id }),
      );
      for (const text of [viaRest, viaMcp, viaTrpc])
        for (const secret of ["secret-A", "secret-B", "secret-C"])
          expect(text.includes(secret), `${name} ${secret}`).toBe(reads.includes(secret));
      // Everyone sees that three whispers happened.
      expect(JSON.parse(viaRest).game.whispers.map((w: { from: number }) => w.from)).toEqual([0, 1, 2]);
      // The record is not published before the reveal.
      expect((await as(who)("GET", `/api/tables/${id}/record`)).status).toBe(409);
    }

    // The live feed, replayed from before the whispers (Last-Event-ID): a whisper's event reaches its two seats'
    // holders only, and carries no words.
    for (const [name, who, reads] of viewers) {
      const text = await sseText(who, tailer, first!.id.toString());
      const whispers = [...text.matchAll(/"type":"whisper","payload":(\{[^}]*\})/g)].map((m) =>
        JSON.parse(m[1]!),
      );
      expect(text, name).not.toMatch(/secret-/);
      expect(whispers.length, name).toBe(reads.length);
      for (const p of whispers) expect(Object.keys(p).sort()).toEqual(["from", "tableId", "to"]);
      // …while the acts' events reach everyone who may read the table.
      expect(text, name).toContain('"type":"table.started"');
    }
    await tailer.stop();
  });

  it("at the reveal every whisper is published with its claims judged, and the record replays them", async () => {
    const { id, host, agent, as } = await table("reveal");
    const state = (await as(agent)("GET", `/api/tables/${id}`)).body;
    const aim = state.game.charge.aims[0];
    const claim = { clause: aim.clause, setting: aim.setting };
    const sent = await as(agent)("POST", `/api/tables/${id}/whisper`, {
      to: 0,
      text: "secret-true",
      claims: [claim],
    });
    expect(sent.status).toBe(201);
    const other = (state.settings[aim.clause] as string[]).find((s) => s !== aim.setting)!;
    await as(agent)("POST", `/api/tables/${id}/whisper`, {
      to: 0,
      claims: [{ clause: aim.clause, setting: other }],
    });
    // A day and an hour later the deadline has passed: the table ended unsettled and is revealed.
    const later = fixedClock(NOW + DAY + 3_600_000);
    const guest = (await as(ANON, later)("GET", `/api/tables/${id}`)).body;
    expect(guest.status).toBe("ended");
    expect(
      guest.game.whispers.map((w: { sealed: boolean; claims: { truthful: boolean }[] }) => [
        w.sealed,
        w.claims[0]!.truthful,
      ]),
    ).toEqual([
      [false, true],
      [false, false],
    ]);
    expect(JSON.stringify(guest)).toContain("secret-true");
    // No whisper after the end.
    const late = await as(host, later)("POST", `/api/tables/${id}/whisper`, { to: 1, text: "too late" });
    expect([late.status, late.body.error.code]).toEqual([409, "conflict"]);
    const record = (await as(ANON, later)("GET", `/api/tables/${id}/record`)).body;
    expect(record.whispers).toHaveLength(2);
    expect(record.whispers[0]).toMatchObject({ from: 1, to: 0, text: "secret-true" });
    const replayed = replay(record, NOW + DAY + 3_600_000);
    expect(replayed).toMatchObject({ ok: true, value: { status: "ended" } });
    if (replayed.ok) expect(replayed.value.whispered.map((w) => w.truthful)).toEqual([true, false]);
    // The arena's honesty counts them: the agent's two whispered claims, one true.
    const arena = (await as(ANON, later)("GET", `/api/arena`)).body.standings;
    expect(arena.find((s: { name: string }) => s.name === "reveal-agent")).toMatchObject({
      claims: 2,
      honesty: 0.5,
    });
  });
});

describe("a race for a seat's last whispers", () => {
  it("8 at once with room for them all: every one lands, each on its own count", async () => {
    const { id, host } = await table("race-room");
    const tries = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        whisper(db.prisma, host, { tableId: id, body: { to: 1, text: `at once ${i}` } }, NOW),
      ),
    );
    expect(tries.map((r) => r.ok)).toEqual(Array(8).fill(true));
    const rows = await db.prisma.whisper.findMany({
      where: { tableId: id, fromSeat: 0 },
      orderBy: { n: "asc" },
    });
    expect(rows.map((w) => w.n)).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
    expect(new Set(rows.map((w) => w.text)).size).toBe(8);
  });

  it(`${WHISPERS_PER_SEAT - 2} sent, then 8 at once: exactly 2 land, the rest are conflicts`, async () => {
    const { id, host } = await table("race");
    for (let i = 0; i < WHISPERS_PER_SEAT - 2; i++)
      expect(
        await whisper(db.prisma, host, { tableId: id, body: { to: 1, text: `w${i}` } }, NOW),
      ).toMatchObject({
        ok: true,
      });
    const tries = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        whisper(db.prisma, host, { tableId: id, body: { to: 2, text: `race ${i}` } }, NOW),
      ),
    );
    expect(tries.filter((r) => r.ok)).toHaveLength(2);
    // The others were judged again on the table as it came to stand, not told to send again: the seat is spent.
    for (const r of tries.filter((r) => !r.ok))
      expect(r).toMatchObject({
        ok: false,
        code: "conflict",
        message: expect.stringMatching(/sent all 24 whispers/),
      });
    expect(await db.prisma.whisper.count({ where: { tableId: id, fromSeat: 0 } })).toBe(WHISPERS_PER_SEAT);
    // The database itself holds the limit: a 25th row cannot be written, whoever tries.
    await expect(
      db.prisma.whisper.create({
        data: { tableId: id, fromSeat: 0, toSeat: 1, n: WHISPERS_PER_SEAT, text: "x", at: new Date(NOW) },
      }),
    ).rejects.toThrow();
  });
});

async function charterOf(id: number): Promise<string[]> {
  const t = await db.prisma.gameTable.findUniqueOrThrow({ where: { id }, select: { charter: true } });
  return t.charter as string[];
}

/** What the SSE door streams to `who` for ~1.5 s, resuming after `lastEventId`. */
async function sseText(who: Who, tailer: Tailer, lastEventId: string): Promise<string> {
  const abort = new AbortController();
  const stream = eventStream({
    who,
    topics: null,
    lastEventId,
    signal: abort.signal,
    tailer,
    subjects: eventAudience(db.prisma, who),
  });
  const reader = stream.getReader();
  const dec = new TextDecoder();
  let text = "";
  const stop = setTimeout(() => abort.abort(), 1500);
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    text += dec.decode(value);
  }
  clearTimeout(stop);
  return text;
}
