// One change in one statement (writeChange): the change's own rows, its events in their order, its notes at most
// once each, and one "notification.new" per person told, after the change's events; a lost race writes none of it.
import { describe, expect, it } from "vitest";
import { Prisma } from "../generated/prisma/client";
import { makeUser, type TestDatabase } from "../testing/db";
import { databaseForFile } from "../testing/lifecycle";
import { writeChange, type Note } from "./notify";
import { isUniqueViolation } from "./unique";

const T0 = Date.parse("2026-12-01T09:00:00Z");
let db: TestDatabase;
databaseForFile((made) => (db = made));

const note = (to: Note["to"], once: string, text = "Your turn."): Note => ({
  to,
  kind: "turn",
  text,
  link: "/tables/1",
  once,
});

describe("a change in one statement", () => {
  it("writes the rows, the events in order, each note once, and each person's news once after the events", async () => {
    const ana = await makeUser(db, "wc-ana");
    const ben = await makeUser(db, "wc-ben");
    const topic = `table:wc-${ana.userId}`;
    const rows = Prisma.sql`INSERT INTO "Event" (topic, type, payload, "createdAt")
      VALUES (${topic}, 'own', '{}'::jsonb, now())`;
    const written = await writeChange(
      db.prisma,
      T0,
      {
        events: [
          { topic, type: "first", payload: { n: 1 } },
          { topic, type: "second", payload: { said: '\'); DELETE FROM "Event"; --' } },
        ],
        notes: [
          note({ userId: ana.userId }, "a1"),
          note({ userId: ana.userId }, "a2"),
          note({ userId: ben.userId }, "b1", "<b>not markup</b>"),
          note({ agentId: 999_999 }, "x1"),
        ],
      },
      rows,
    );
    expect(written.map((w) => [w.recipient, w.kind])).toEqual([
      [`user:${ana.userId}`, "turn"],
      [`user:${ana.userId}`, "turn"],
      [`user:${ben.userId}`, "turn"],
      ["agent:999999", "turn"],
    ]);
    const events = await db.prisma.event.findMany({
      where: { topic: { in: [topic, `user:${ana.userId}`, `user:${ben.userId}`] } },
      orderBy: { id: "asc" },
    });
    const own = events.find((e) => e.type === "own")!;
    const given = events.filter((e) => e.topic === topic && e.type !== "own");
    expect(given.map((e) => [e.type, e.payload])).toEqual([
      ["first", { n: 1 }],
      ["second", { said: '\'); DELETE FROM "Event"; --' }],
    ]);
    const news = events.filter((e) => e.type === "notification.new");
    // one each for the two people, none for the agent (it reads its own), all after the change's events
    expect(news.map((e) => e.topic).sort()).toEqual([`user:${ana.userId}`, `user:${ben.userId}`].sort());
    expect(news.every((e) => e.id > given.at(-1)!.id)).toBe(true);
    expect(own).toBeDefined();
    const benNote = await db.prisma.notification.findFirstOrThrow({
      where: { recipient: `user:${ben.userId}` },
    });
    expect(benNote.text).toBe("<b>not markup</b>");
    expect(benNote.createdAt.getTime()).toBe(T0);
  });

  it("skips a note written before, and tells no one of it again", async () => {
    const cy = await makeUser(db, "wc-cy");
    await writeChange(db.prisma, T0, { notes: [note({ userId: cy.userId }, "c1")] });
    const again = await writeChange(db.prisma, T0 + 1, { notes: [note({ userId: cy.userId }, "c1")] });
    expect(again).toEqual([]);
    expect(await db.prisma.notification.count({ where: { recipient: `user:${cy.userId}` } })).toBe(1);
    expect(
      await db.prisma.event.count({ where: { topic: `user:${cy.userId}`, type: "notification.new" } }),
    ).toBe(1);
  });

  it("writes nothing at all when its own rows lose a race at a unique constraint", async () => {
    const di = await makeUser(db, "wc-di");
    const taken = Prisma.sql`INSERT INTO "Notification" (recipient, kind, text, link, once, "createdAt")
      VALUES (${`user:${di.userId}`}, 'turn', 't', '/', 'taken', now())`;
    await db.prisma.$executeRaw(taken);
    const lost = await writeChange(
      db.prisma,
      T0,
      {
        events: [{ topic: `user:${di.userId}`, type: "lost", payload: {} }],
        notes: [note({ userId: di.userId }, "d1")],
      },
      taken,
    ).catch((e: unknown) => e);
    expect(isUniqueViolation(lost)).toBe(true);
    expect(await db.prisma.notification.count({ where: { recipient: `user:${di.userId}` } })).toBe(1);
    expect(await db.prisma.event.count({ where: { topic: `user:${di.userId}` } })).toBe(0);
  });
});
