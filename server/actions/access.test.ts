// Who may read a table (shared/spec/access.md), on a real database: every visibility × every kind of viewer, through
// the actions and every door (JSON API, MCP, tRPC), in the lists and the live feed; the host changes it.
import { describe, expect, it } from "vitest";
import { createCaller } from "../doors/trpc";
import { type Who } from "../identity";
import { makeUser } from "../testing/db";
import { api } from "../testing/doors";
import { T0 } from "./council/testing";
import { joinTable, listTables, setTableVisibility, tableRecord, tableState } from "./game";
import { eventAudience } from "./live";
import {
  clock,
  db,
  eventsOf,
  READS,
  tableOf,
  useAccessDatabase,
  viewers,
  VISIBILITIES,
  toolAnswer,
  trpcAnswer,
  type Viewer,
} from "../testing/access";

useAccessDatabase();

describe("visibility of a table, for every viewer, at every door", () => {
  for (const visibility of VISIBILITIES)
    it(`a ${visibility} table`, async () => {
      const tag = `tv-${visibility}`;
      const { id, host, member } = await tableOf(tag, visibility);
      const who = await viewers(tag, host, member);
      for (const [kind, viewer] of Object.entries(who) as [Viewer, Who][]) {
        const reads = READS[visibility][kind];
        const say = `${kind} reading a ${visibility} table`;
        // The action, the page and every door.
        const state = await tableState(db.prisma, viewer, { tableId: id }, T0);
        expect(state.ok ? "reads" : state.code, say).toBe(reads ? "reads" : "not_found");
        const rest = await api(db.prisma, viewer, { clock })("GET", `/api/tables/${id}`);
        expect(rest.status, say).toBe(reads ? 200 : 404);
        const record = await api(db.prisma, viewer, { clock })("GET", `/api/tables/${id}/record`);
        expect(record.status, say).toBe(reads ? 409 : 404); // not revealed yet: a conflict, for readers only
        const trpc = await trpcAnswer(
          createCaller({ db: db.prisma, who: viewer, clock }).tables.state({ tableId: id }),
        );
        expect(trpc, say).toBe(reads ? "reads" : "NOT_FOUND");
        const tool = await toolAnswer(viewer, "table_state", { table_id: id });
        expect(tool, say).toBe(reads ? "reads" : "not_found");
        // The lists.
        const listed = await listTables(db.prisma, viewer, T0);
        expect(listed.ok && listed.value.tables.some((t) => t.id === id), say).toBe(reads);
        // A non-member's act on an invited table is as if there were no table (never forbidden).
        if (!reads && viewer.kind !== "anon") {
          const acted = await api(db.prisma, viewer, { clock })("POST", `/api/tables/${id}/pass`, {});
          expect(acted.status, say).toBe(404);
          expect(await joinTable(db.prisma, viewer, { tableId: id }, T0)).toMatchObject({
            ok: false,
            code: "not_found",
          });
        }
        // The live feed: the table's own topic and the lobby's events about it.
        const events = await eventsOf(`table:${id}`, id, "tableId");
        expect(events.length).toBeGreaterThan(3);
        const hear = eventAudience(db.prisma, viewer);
        const heard = (await Promise.all(events.map(hear))).filter(Boolean);
        expect(heard.length, say).toBe(reads ? events.length : 0);
        // Redaction still applies on top: an admin or the owner's agent reads no charge.
        if (reads && state.ok && (kind === "admin" || kind === "owner's agent"))
          expect(state.value.game?.charge, say).toBeNull();
      }
      expect(await tableRecord(db.prisma, member, { tableId: id }, T0)).toMatchObject({
        ok: false,
        code: "conflict",
      });
    });

  it("a burst of watchers meeting one event reads the table once, and an access change reads it again", async () => {
    const { id, host } = await tableOf("tv-burst", "public");
    let reads = 0;
    // The Prisma client, counting the statements that read a table (its one LOAD statement).
    const counted = new Proxy(db.prisma, {
      get(target, key, receiver) {
        const v = Reflect.get(target, key, receiver);
        if (key !== "$queryRaw" || typeof v !== "function") return v;
        return (...args: unknown[]) => {
          if (
            String((args[0] as { strings?: string[] })?.strings?.join("") ?? args[0]).includes(
              'JOIN "GameTable" t ON t.id = r.id',
            )
          )
            reads++;
          return v.apply(target, args);
        };
      },
    });
    const [first] = await eventsOf(`table:${id}`, id, "tableId");
    const watchers = await Promise.all(
      Array.from({ length: 50 }, (_, i) => makeUser(db, `tv-burst-${i}`)),
    ).then((ws) => ws.map((w) => eventAudience(counted, w)));
    const heard = await Promise.all(watchers.map((hear) => hear(first!)));
    expect(heard.every((e) => e !== null)).toBe(true);
    expect(reads).toBe(1);
    // The host makes it invited. A newcomer who meets the change first must not be answered by the read from
    // before it (which said public): it reads afresh, and hears nothing.
    expect(await setTableVisibility(db.prisma, host, { tableId: id, visibility: "invited" })).toMatchObject({
      ok: true,
    });
    const changed = (await eventsOf(`table:${id}`, id, "tableId")).find(
      (e) => e.type === "table.visibility",
    )!;
    const late = eventAudience(counted, await makeUser(db, "tv-burst-late"));
    expect(await late(changed)).toBeNull();
    expect(reads).toBe(2);
    // Every watcher asks again on the change, and that one read (made after it) answers them all: nothing more.
    const after = await Promise.all(watchers.map((hear) => hear(changed)));
    expect(after.every((e) => e === null)).toBe(true);
    expect(reads).toBe(2);
  });

  it("the host changes it, and the live feed follows at once; nobody else may", async () => {
    const { id, host, member } = await tableOf("tv-change", "public");
    const stranger = await makeUser(db, "tv-change-stranger");
    const hear = eventAudience(db.prisma, stranger);
    const first = (await eventsOf(`table:${id}`, id, "tableId"))[0]!;
    expect(await hear(first)).not.toBeNull();
    expect(await setTableVisibility(db.prisma, member, { tableId: id, visibility: "invited" })).toMatchObject(
      {
        ok: false,
        code: "forbidden",
      },
    );
    expect(
      await setTableVisibility(db.prisma, stranger, { tableId: id, visibility: "invited" }),
    ).toMatchObject({
      ok: false,
      code: "forbidden",
    });
    expect(await setTableVisibility(db.prisma, host, { tableId: id, visibility: "invited" })).toMatchObject({
      ok: true,
    });
    const changed = (await eventsOf(`table:${id}`, id, "tableId")).find(
      (e) => e.type === "table.visibility",
    )!;
    expect(await hear(changed)).toBeNull();
    expect(await hear(first)).toBeNull();
    expect(await tableState(db.prisma, stranger, { tableId: id }, T0)).toMatchObject({
      ok: false,
      code: "not_found",
    });
    // Once invited, the stranger cannot even be told it exists by changing it back.
    expect(
      await setTableVisibility(db.prisma, stranger, { tableId: id, visibility: "public" }),
    ).toMatchObject({
      ok: false,
      code: "not_found",
    });
  });
});
