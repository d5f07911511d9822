// The demo tables, through the actions on a real database: the worked example as a finished table, and a table of
// three bots that starts when you sit.
import { describe, expect, it } from "vitest";
import { ANON } from "../../identity";
import { derive, WORKED_EXAMPLE } from "../../rules/game";
import { makeUser } from "../../testing/db";
import { joinTable, listTables, tableState } from "./index";
import { renewWaitingTable, seedGameDemo } from "./demo";
import { verifyDeal } from "./verify";
import { db, T0, useTablesDatabase } from "../../testing/tables";

useTablesDatabase();

describe("the demo", () => {
  it("lays out the worked example as a finished table and a table of three bots that starts when you sit", async () => {
    await seedGameDemo(db);
    const list = await listTables(db.prisma, ANON, T0);
    const tables = list.ok ? list.value.tables : [];
    const worked = tables.find((t) => t.title.startsWith("The worked example"))!;
    const waiting = tables.find((t) => t.title === "Three house bots wait for you")!;
    expect(worked.status).toBe("bound");
    const ws = await tableState(db.prisma, ANON, { tableId: worked.id }, T0);
    expect(ws.ok && ws.value.game?.payoffs).toEqual([6, 3, 3, 3, 5]);
    expect(ws.ok && ws.value.game?.said.find((x) => x.clause === "ledger")?.truthful).toBe(true);
    expect(derive(WORKED_EXAMPLE.game).status).toBe("bound");
    expect(await verifyDeal(db.prisma, ANON, { tableId: worked.id }, T0)).toMatchObject({
      ok: true,
      value: { dealt: false, reason: "laid by hand" },
    });
    expect(await verifyDeal(db.prisma, ANON, { tableId: waiting.id }, T0)).toMatchObject({
      ok: true,
      value: { dealt: false, reason: "not revealed" },
    });
    const newcomer = await makeUser(db, "newcomer");
    expect(await joinTable(db.prisma, newcomer, { tableId: waiting.id }, T0)).toMatchObject({
      ok: true,
      value: { seat: 3 },
    });
    const s = await tableState(db.prisma, newcomer, { tableId: waiting.id }, T0 + 10);
    expect(s.ok && s.value.status).toBe("playing");
    expect(s.ok && s.value.game?.charge?.aims).toHaveLength(3);
    // The three bots took their turns before the newcomer's, each saying one of its aims at most: nobody's whole
    // charge, and nothing bound. The newcomer has a game to play.
    const acts = s.ok ? (s.value.game?.acts ?? []) : [];
    expect(acts.map((a) => a.seat)).toEqual([0, 1, 2]);
    for (const a of acts) expect((a.said?.claims ?? []).length).toBeLessThanOrEqual(1);
    expect(s.ok && s.value.game?.turn).toBe(3);
    // It filled and started: a fresh one waits for the next newcomer, one of each house character, and only one.
    const after = await listTables(db.prisma, ANON, T0);
    const open = (after.ok ? after.value.tables : []).filter(
      (t) => t.title === "Three house bots wait for you" && t.status === "open",
    );
    expect(open).toHaveLength(1);
    expect(open[0]!.id).not.toBe(waiting.id);
    const fresh = await tableState(db.prisma, ANON, { tableId: open[0]!.id }, T0);
    expect(fresh.ok && fresh.value.seats.map((x) => x.strategy)).toEqual(["cooperative", "bluffer", "hard"]);
    // A table someone else hosts filling up opens nothing.
    await renewWaitingTable(db.prisma, newcomer.userId);
    const still = await listTables(db.prisma, ANON, T0);
    expect(
      (still.ok ? still.value.tables : []).filter((t) => t.status === "open" && t.title === open[0]!.title),
    ).toHaveLength(1);
  });
});
