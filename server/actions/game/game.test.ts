// Sworn & Said through the actions, on a real database: a table opened, filled, started and played to the end,
// the refusals of every step, and redaction for every kind of viewer.
import { describe, expect, it } from "vitest";
import { ANON, type Who } from "../../identity";
import { score } from "../../rules/game";
import { makeUser } from "../../testing/db";
import {
  act,
  fillWithBots,
  joinTable,
  leaveTable,
  listTables,
  openTable,
  startTable,
  tableRecord,
  tableState,
} from "./index";
import { loadTable } from "./load";
import { verifyDeal } from "./verify";
import {
  agentOf,
  DAY,
  db,
  MIN,
  pickSetting,
  startedTable,
  T0,
  useTablesDatabase,
  viaOperation,
} from "../../testing/tables";
import { OPERATIONS } from "../../operations";
import { DEAL_CHECKS_OUT } from "../../testing/tables";

/** What only the schema refuses is refused at the door, once: these go through the operation as a door calls it. */
const { open, offer, pass } = OPERATIONS.tables;

useTablesDatabase();

describe("opening and sitting", () => {
  it("a person opens a table and takes seat 1; others sit, leave and the host starts at 4", async () => {
    const host = await makeUser(db, "hostA");
    const r = await openTable(db.prisma, host, { title: "  The Wreck  ", seatsMax: 5 });
    expect(r.ok).toBe(true);
    const id = r.ok ? r.value.id : 0;
    const s = await tableState(db.prisma, host, { tableId: id }, T0);
    expect(s).toMatchObject({
      ok: true,
      value: {
        title: "The Wreck",
        status: "open",
        yourSeat: 0,
        seats: [{ name: "hostA", kind: "person", you: true }],
      },
    });
    expect(s.ok && s.value.lobby).toMatchObject({
      start: "A table starts with at least 4 seats taken; 1 is.",
      join: "You already hold a seat at this table.",
    });
    const b = await makeUser(db, "sitterB");
    const agent = await agentOf(await makeUser(db, "ownerC"), "c-agent");
    expect(await joinTable(db.prisma, b, { tableId: id }, T0)).toMatchObject({
      ok: true,
      value: { seat: 1 },
    });
    expect(await joinTable(db.prisma, b, { tableId: id }, T0)).toMatchObject({ ok: false, code: "conflict" });
    // One identity per person: b's own agent may not sit beside b (it would read a second charge).
    expect(await joinTable(db.prisma, await agentOf(b, "b-agent"), { tableId: id }, T0)).toMatchObject({
      ok: false,
      code: "conflict",
      message: expect.stringContaining("one identity per person"),
    });
    expect(await joinTable(db.prisma, agent, { tableId: id }, T0)).toMatchObject({
      ok: true,
      value: { seat: 2 },
    });
    expect(await startTable(db.prisma, host, { tableId: id }, T0)).toMatchObject({
      ok: false,
      code: "conflict",
    });
    expect(await startTable(db.prisma, b, { tableId: id }, T0)).toMatchObject({
      ok: false,
      code: "forbidden",
    });
    expect(await leaveTable(db.prisma, host, { tableId: id })).toMatchObject({ ok: false, code: "conflict" });
    expect(await leaveTable(db.prisma, b, { tableId: id })).toMatchObject({ ok: true });
    expect(await leaveTable(db.prisma, b, { tableId: id })).toMatchObject({ ok: false, code: "forbidden" });
    expect(await fillWithBots(db.prisma, b, { tableId: id })).toMatchObject({ ok: false, code: "forbidden" });
    expect(await fillWithBots(db.prisma, host, { tableId: id, count: 9 })).toMatchObject({
      ok: false,
      code: "invalid",
    });
    expect(await fillWithBots(db.prisma, host, { tableId: id })).toMatchObject({
      ok: true,
      value: { seated: 3 },
    });
    expect(await joinTable(db.prisma, b, { tableId: id }, T0)).toMatchObject({ ok: false, code: "conflict" });
    const full = await tableState(db.prisma, ANON, { tableId: id }, T0);
    expect(full.ok && full.value.seats.map((x) => x.kind)).toEqual(["person", "agent", "bot", "bot", "bot"]);
    expect(await startTable(db.prisma, host, { tableId: id }, T0)).toMatchObject({ ok: true });
    expect(await startTable(db.prisma, host, { tableId: id }, T0)).toMatchObject({
      ok: false,
      code: "conflict",
    });
    expect(await leaveTable(db.prisma, agent, { tableId: id })).toMatchObject({
      ok: false,
      code: "conflict",
    });
  });

  it("refuses bad input by name and never a crash", async () => {
    const p = await makeUser(db, "badInput");
    expect(await openTable(db.prisma, ANON, { title: "x" })).toMatchObject({
      ok: false,
      code: "signin_required",
    });
    expect(await viaOperation(open, p, { title: "   " })).toMatchObject({ ok: false, code: "invalid" });
    expect(await viaOperation(open, p, { title: "x".repeat(81) })).toMatchObject({
      ok: false,
      code: "invalid",
    });
    expect(await viaOperation(open, p, { title: "ok", seatsMax: 7 })).toMatchObject({
      ok: false,
      code: "invalid",
    });
    expect(await viaOperation(open, p, { title: "ok", turnWindowMs: 60_000 })).toMatchObject({
      ok: false,
      code: "invalid",
    });
    expect(
      await viaOperation(open, p, {
        title: "ok",
        turnWindowMs: 6 * 60 * MIN,
        deadlineMs: 10 * 60 * MIN,
      }),
    ).toMatchObject({ ok: false, code: "invalid" });
    expect(await viaOperation(open, p, { title: "ok", surprise: true })).toMatchObject({
      ok: false,
      code: "invalid",
    });
    // An id that is not plain digits never reaches the action: every door parses it first (server/doors/game.test.ts).
    expect(await tableState(db.prisma, p, { tableId: 987654 }, T0)).toMatchObject({
      ok: false,
      code: "not_found",
    });
  });
});

describe("playing through the actions", () => {
  it("only the seat to act may act; accords are checked; said is capped; the refusal is one sentence", async () => {
    const { id, players } = await startedTable("turns");
    const [a, b] = players as [Who, Who];
    const state = await tableState(db.prisma, a, { tableId: id }, T0 + MIN);
    if (!state.ok || !state.value.game) throw new Error("no game");
    const charter = state.value.game.charter;
    expect(state.value.game.may).toMatchObject({ offer: true, pass: true });
    expect(typeof state.value.game.may!.accept).toBe("string");
    expect(await act(db.prisma, b, "pass", { tableId: id }, T0 + MIN)).toMatchObject({
      ok: false,
      code: "conflict",
    });
    expect(await act(db.prisma, ANON, "pass", { tableId: id }, T0 + MIN)).toMatchObject({
      ok: false,
      code: "signin_required",
    });
    const outsider = await makeUser(db, "outsider");
    expect(await act(db.prisma, outsider, "pass", { tableId: id }, T0 + MIN)).toMatchObject({
      ok: false,
      code: "forbidden",
    });
    expect(await viaOperation(offer, a, { tableId: id, accord: { beacon: "kept" } }, T0 + MIN)).toMatchObject(
      { ok: false, code: "invalid" },
    );
    expect(await viaOperation(offer, a, { tableId: id, accord: "nonsense" }, T0 + MIN)).toMatchObject({
      ok: false,
      code: "invalid",
    });
    expect(
      await viaOperation(pass, a, { tableId: id, said: { text: "x".repeat(281) } }, T0 + MIN),
    ).toMatchObject({ ok: false, code: "invalid" });
    expect(
      await act(
        db.prisma,
        a,
        "pass",
        { tableId: id, body: { said: { claims: [{ clause: "moon", setting: "full" }] } } },
        T0 + MIN,
      ),
    ).toMatchObject({ ok: false, code: "invalid" });
    expect(await act(db.prisma, a, "accept", { tableId: id }, T0 + MIN)).toMatchObject({
      ok: false,
      code: "conflict",
    });
    const accord = Object.fromEntries(
      charter.map((c) => [c, state.value.game!.acts.length >= 0 ? pickSetting(c) : ""]),
    );
    const r = await act(
      db.prisma,
      a,
      "offer",
      { tableId: id, body: { accord, said: { text: "A fair start" } } },
      T0 + MIN,
    );
    expect(r).toMatchObject({ ok: true, value: { seat: 0, turn: 0, status: "playing" } });
    const after = await tableState(db.prisma, b, { tableId: id }, T0 + 2 * MIN);
    expect(after.ok && after.value.game?.standingOffer?.accord).toEqual(accord);
    expect(after.ok && after.value.game?.turn).toBe(1);
    const rows = await db.prisma.act.count({ where: { tableId: id } });
    expect(rows).toBe(1); // nothing of the refused acts was written
  });

  it("a full game with bots reaches its end, reveals every charge and the seed, and publishes the record", async () => {
    const host = await makeUser(db, "solo");
    const o = await openTable(db.prisma, host, { title: "solo vs bots", seatsMax: 4 });
    const id = o.ok ? o.value.id : 0;
    await fillWithBots(db.prisma, host, { tableId: id });
    await startTable(db.prisma, host, { tableId: id }, T0);
    expect(await tableRecord(db.prisma, host, { tableId: id }, T0)).toMatchObject({
      ok: false,
      code: "conflict",
    });
    let now = T0;
    for (let i = 0; i < 60; i++) {
      now += MIN;
      const s = await tableState(db.prisma, host, { tableId: id }, now);
      if (!s.ok) throw new Error(s.message);
      if (s.value.status !== "playing") break;
      const g = s.value.game!;
      if (g.turn !== s.value.yourSeat) continue;
      if (g.may!.accept === true) await act(db.prisma, host, "accept", { tableId: id }, now);
      else
        await act(
          db.prisma,
          host,
          "pass",
          {
            tableId: id,
            body: {
              said: {
                claims: g.charge!.aims.slice(0, 1).map(({ clause, setting }) => ({ clause, setting })),
              },
            },
          },
          now,
        );
    }
    // The house bots hold out on the table's clock: what an hour of play did not settle, the deadline ends.
    const first = await tableState(db.prisma, ANON, { tableId: id }, now);
    if (first.ok && first.value.status === "playing") now = T0 + DAY;
    const end = await tableState(db.prisma, ANON, { tableId: id }, now);
    if (!end.ok) throw new Error(end.message);
    expect(["bound", "ended"]).toContain(end.value.status);
    expect(end.value.game!.charges).toHaveLength(4);
    expect(end.value.seed).toMatch(/^[0-9a-f]{64}$/);
    const rec = await tableRecord(db.prisma, ANON, { tableId: id }, now);
    expect(rec.ok && rec.value.seed).toBe(end.value.seed);
    expect(rec.ok && rec.value.seats).toEqual(["solo", "Bosun", "Gull", "Skerry"]);
    if (end.value.status === "bound") {
      const offer = end.value.game!.standingOffer!.accord;
      expect(end.value.game!.payoffs).toEqual(end.value.game!.charges!.map((c) => score(c, offer)));
    }
    const verified = await verifyDeal(db.prisma, ANON, { tableId: id }, now);
    expect(verified).toMatchObject(DEAL_CHECKS_OUT);
    const lobby = await listTables(db.prisma, host, T0);
    expect(lobby.ok && lobby.value.tables.find((t) => t.id === id)).toMatchObject({
      status: end.value.status,
      yours: true,
    });
  });
});

describe("who sees what (§9)", () => {
  it("a guest, an outsider, an admin without a seat and another player see no charge; a player sees only its own", async () => {
    const { id, players } = await startedTable("redaction", 5);
    const loaded = (await loadTable(db.prisma, id))!;
    const charges = loaded.game!.charges;
    const admin = { ...(await makeUser(db, "root-admin")), admin: true };
    const outsider = await makeUser(db, "watcher");
    for (const viewer of [ANON, admin, outsider]) {
      const s = await tableState(db.prisma, viewer, { tableId: id }, T0 + MIN);
      const text = JSON.stringify(s);
      expect(s.ok && s.value.game?.charge).toBeNull();
      expect(s.ok && s.value.game?.may).toBeNull();
      expect(s.ok && s.value.seed).toBeNull();
      expect(text).not.toContain(loaded.table.seed!);
      expect(text).not.toContain('"fallback"');
      expect(text).not.toContain('"aims"');
    }
    for (const [i, p] of players.entries()) {
      const s = await tableState(db.prisma, p, { tableId: id }, T0 + MIN);
      expect(s.ok && s.value.game?.charge).toEqual(charges[i]);
      expect(s.ok && s.value.game?.charges).toBeNull();
      expect(JSON.stringify(s).match(/"aims"/g)).toHaveLength(1);
    }
  });
});
