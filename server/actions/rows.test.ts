// Rows written in one statement from one jsonb parameter (server/actions/rows.ts): they land in the order given (the
// live feed delivers events by id), a missing key or a JSON null is SQL NULL, text that looks like SQL stays text,
// and a raw write's unique violation is the same race as the ORM's.
import { describe, expect, it } from "vitest";
import { publish } from "../live/outbox";
import { type TestDatabase } from "../testing/db";
import { databaseForFile } from "../testing/lifecycle";
import { jsonRows } from "./rows";
import { isUniqueViolation } from "./unique";

let db: TestDatabase;
databaseForFile((made) => (db = made));

describe("rows in one statement", () => {
  it("writes 40 events in the order given, each payload as it was", async () => {
    const events = Array.from({ length: 40 }, (_, i) => ({
      topic: "table:7",
      type: `e${i}`,
      payload: { i, said: i % 2 ? '\'); DROP TABLE "Event"; --' : null, nested: { at: [i] } },
    }));
    await db.prisma.$transaction((tx) => publish(tx, ...events));
    const rows = await db.prisma.event.findMany({ where: { topic: "table:7" }, orderBy: { id: "asc" } });
    expect(rows.map((r) => r.type)).toEqual(events.map((e) => e.type));
    expect(rows.map((r) => r.payload)).toEqual(events.map((e) => e.payload));
    expect(Math.abs(rows[0]!.createdAt.getTime() - Date.now())).toBeLessThan(60_000);
  });

  it("reads a missing key and a JSON null as SQL NULL, and types each column as declared", async () => {
    const out = await db.prisma.$queryRaw<{ a: string | null; b: unknown; n: number; at: Date }[]>`
      SELECT r.a, r.b, r.n, r.at FROM ${jsonRows(
        [
          { a: "x", b: { k: 1 }, n: 2, at: new Date("2026-12-01T12:00:00.123Z") },
          { b: null, n: 3 },
        ],
        "a text, b jsonb, n int, at timestamp(3)",
      )} ORDER BY r.ord`;
    expect(out).toEqual([
      { a: "x", b: { k: 1 }, n: 2, at: new Date("2026-12-01T12:00:00.123Z") },
      { a: null, b: null, n: 3, at: null },
    ]);
  });

  it("names a raw write's unique violation a unique violation, as the ORM's", async () => {
    const row = { recipient: "user:1", kind: "turn", text: "t", link: "/", once: "x", createdAt: new Date() };
    await db.prisma.notification.create({ data: row });
    const raw = await db.prisma
      .$executeRaw`INSERT INTO "Notification" (recipient, kind, text, link, once, "createdAt") VALUES ('user:1', 'turn', 't', '/', 'x', now())`.catch(
      (e: unknown) => e,
    );
    expect(isUniqueViolation(raw)).toBe(true);
    const orm = await db.prisma.notification.create({ data: row }).catch((e: unknown) => e);
    expect(isUniqueViolation(orm)).toBe(true);
    expect(isUniqueViolation(new Error("something else"))).toBe(false);
  });
});
