// The arena's standings on a real database: derived from the finished tables' ledgers on read — the worked example's
// five people with its payoffs, house bots by strategy — and only from tables the viewer may read.
import { describe, expect, it } from "vitest";
import { fixedClock } from "../../clock";
import { ANON } from "../../identity";
import { WORKED_EXAMPLE } from "../../rules/game";
import { makeUser, type TestDatabase } from "../../testing/db";
import { databaseForFile } from "../../testing/lifecycle";
import { api } from "../../testing/doors";
import { seedGameDemo } from "./demo";
import {
  arenaPlayer,
  arenaStandings,
  fillWithBots,
  openTable,
  setTableVisibility,
  startTable,
} from "./index";
import { sweepTables } from "./sweep";

let db: TestDatabase;
databaseForFile((made) => (db = made));

const T0 = Date.parse("2026-11-29T09:00:00Z");
const DAY = 24 * 3600_000;

describe("the arena's standings", () => {
  it("counts the worked example's five people with the payoffs its ledger derives, and nothing else yet", async () => {
    await seedGameDemo(db);
    const r = await arenaStandings(db.prisma, ANON);
    expect(r.ok && r.value.tables).toBe(1);
    const rows = r.ok ? r.value.standings : [];
    expect(rows.map((s) => [s.name, s.kind, s.seats, s.meanPayoff]).sort()).toEqual(
      WORKED_EXAMPLE.names.map((n, i) => [n, "person", 1, [6, 3, 3, 3, 5][i]]).sort(),
    );
    // Dace's said claim (ledger) was true: honesty 1 over one claim; the others said nothing.
    const dace = rows.find((s) => s.name === "Dace")!;
    expect(dace).toMatchObject({ claims: 1, honesty: 1 });
    expect(rows.find((s) => s.name === "Aster")).toMatchObject({ claims: 0, honesty: null, bound: 1 });
    // One table: no interval yet, and ratings ranked by payoff over fallback (Aster +5 first, Brine +1 last; Dace and
    // Ember, both +3, tie), each still uncertain.
    expect(rows.every((s) => s.overFallbackCi === null && s.rating.sigma > 7)).toBe(true);
    const mu = Object.fromEntries(rows.map((s) => [s.name, s.rating.mu]));
    expect(Math.max(...Object.values(mu))).toBe(mu.Aster);
    expect(Math.min(...Object.values(mu))).toBe(mu.Brine);
    expect(mu.Dace).toBe(mu.Ember);
  });

  it("adds house bots by strategy once their table ends, and leaves out a table the viewer may not read", async () => {
    const host = await makeUser(db, "arena-host");
    const opened = await openTable(db.prisma, host, { title: "arena bots", seatsMax: 4 });
    const id = opened.ok ? opened.value.id : 0;
    await fillWithBots(db.prisma, host, { tableId: id });
    await startTable(db.prisma, host, { tableId: id }, T0);
    // Nobody plays the host's turns: the clock passes for it, the bots play theirs, and the deadline ends it.
    for (let t = T0; t <= T0 + DAY; t += 3 * 3600_000) await sweepTables(db, t);
    await sweepTables(db, T0 + DAY);
    const row = await db.prisma.gameTable.findUniqueOrThrow({ where: { id } });
    expect(["bound", "ended"]).toContain(row.outcome);
    const guest = await arenaStandings(db.prisma, ANON);
    const bots = (guest.ok ? guest.value.standings : []).filter((s) => s.kind === "bot");
    expect(bots.map((b) => [b.player, b.seats]).sort()).toEqual([
      ["bot:bluffer", 1],
      ["bot:cooperative", 1],
      ["bot:hard", 1],
    ]);
    // Invited only: a guest's standings no longer count it; its host's still do.
    expect(await setTableVisibility(db.prisma, host, { tableId: id, visibility: "invited" })).toMatchObject({
      ok: true,
    });
    const after = await arenaStandings(db.prisma, ANON);
    expect(after.ok && after.value.standings.some((s) => s.kind === "bot")).toBe(false);
    const own = await arenaStandings(db.prisma, host);
    expect(own.ok && own.value.standings.filter((s) => s.kind === "bot")).toHaveLength(3);
  });

  it("gives each player a profile: its standing and every table it sat at, from the same ledgers", async () => {
    const all = await arenaStandings(db.prisma, ANON);
    const dace = (all.ok ? all.value.standings : []).find((s) => s.name === "Dace")!;
    const r = await arenaPlayer(db.prisma, ANON, { player: dace.player });
    expect(r).toMatchObject({ ok: true, value: { standing: dace } });
    const tables = r.ok ? r.value.tables : [];
    expect(tables).toHaveLength(1);
    expect(tables[0]).toMatchObject({
      seat: 3,
      seats: WORKED_EXAMPLE.names,
      bound: true,
      payoff: 3,
      fallback: 0,
      overFallback: 3,
      claims: 1,
      truths: 1,
    });
    // A house-bot strategy sat at every table the guest may read that seated it; a stranger's key has no profile.
    const bots = await arenaPlayer(db.prisma, ANON, { player: "bot:hard" });
    expect(bots.ok).toBe(false);
    const host = (await db.prisma.user.findFirstOrThrow({ where: { name: "arena-host" } })).id;
    const own = await arenaPlayer(
      db.prisma,
      { kind: "user", userId: host, name: "arena-host", admin: false },
      {
        player: "bot:hard",
      },
    );
    expect(own.ok && own.value.tables.map((t) => t.seats.length)).toEqual([4]);
    expect(await arenaPlayer(db.prisma, ANON, { player: "person:999999" })).toMatchObject({
      ok: false,
      code: "not_found",
    });
  });

  it("rates a profile from every table, its opponents' earlier ones too, as /arena does", async () => {
    // A second table of bots, finished after the first: the bots come to it rated, so its host's rating after it
    // depends on the first table, where the host never sat.
    const second = await makeUser(db, "arena-second");
    const opened = await openTable(db.prisma, second, { title: "arena bots again", seatsMax: 4 });
    const id = opened.ok ? opened.value.id : 0;
    await fillWithBots(db.prisma, second, { tableId: id });
    const start = T0 + 2 * DAY;
    await startTable(db.prisma, second, { tableId: id }, start);
    for (let t = start; t <= start + DAY; t += 3 * 3600_000) await sweepTables(db, t);
    await sweepTables(db, start + DAY);
    // Read by the first table's host, who may read both (the first is invited only).
    const u = await db.prisma.user.findFirstOrThrow({ where: { name: "arena-host" } });
    const reader = { kind: "user" as const, userId: u.id, name: u.name, admin: false };
    const all = await arenaStandings(db.prisma, reader);
    expect(all.ok && all.value.standings.filter((s) => s.player === "bot:hard")[0]!.seats).toBe(2);
    const row = (all.ok ? all.value.standings : []).find((s) => s.name === "arena-second")!;
    const profile = await arenaPlayer(db.prisma, reader, { player: row.player });
    expect(profile.ok && profile.value.standing).toEqual(row);
    expect(profile.ok && profile.value.tables).toHaveLength(1);
  });

  it("ranks a model player beside the house bots, its whispered claims counted in its honesty", async () => {
    const host = await makeUser(db, "arena-model-host");
    const as = (at: number) => api(db.prisma, host, { clock: fixedClock(at) });
    const id = (await as(T0)("POST", "/api/tables", { title: "arena model", seats_max: 4 })).body
      .id as number;
    expect((await as(T0)("POST", `/api/tables/${id}/models`, { provider: "scripted" })).status).toBe(201);
    expect((await as(T0)("POST", `/api/tables/${id}/bots`, { count: 2 })).status).toBe(200);
    expect((await as(T0)("POST", `/api/tables/${id}/start`)).status).toBe(200);
    // The host whispers to the model (it answers with its aims on its turn), then leaves its seat to the clock; the
    // sweeper plays the model and the bots until the table binds or its deadline ends it.
    expect(
      (await as(T0 + 1000)("POST", `/api/tables/${id}/whisper`, { to: 1, text: "What do you want?" })).status,
    ).toBe(201);
    for (let t = T0 + 2000; t <= T0 + DAY; t += 20 * 60_000) await sweepTables(db, t);
    await sweepTables(db, T0 + DAY);
    const row = await db.prisma.gameTable.findUniqueOrThrow({ where: { id } });
    expect(["bound", "ended"]).toContain(row.outcome);
    const rows = await arenaStandings(db.prisma, ANON);
    const model = (rows.ok ? rows.value.standings : []).find((s) => s.kind === "model")!;
    expect(model).toMatchObject({ seats: 1, honesty: 1 });
    expect(model.name).toMatch(/scripted/);
    // Its three whispered aims at least (it says nothing in public but what the cooperative bot would).
    expect(model.claims).toBeGreaterThanOrEqual(3);
  });
});
