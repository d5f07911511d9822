// Bursts in the store (notifications.md): a recipient's notes about one subject join one burst from its first note
// for BURST_MS, wherever a clock's slot would have cut them, and the list shows each burst as one entry. Two writers
// adding notes at once make one burst: the burst's unique number settles them (on PostgreSQL the second really waits
// on the first; the embedded database has one connection, so there the two come one after the other).
import { describe, expect, it } from "vitest";
import { fixedClock } from "../clock";
import { BURST_MS, burstNumbers } from "../rules/notifications";
import { makeUser, onPostgres, type TestDatabase } from "../testing/db";
import { databaseForFile } from "../testing/lifecycle";
import { api } from "../testing/doors";
import { writeChange, type Note } from "./notify";

// a wall-clock slot's edge, 30 s after T0: the old fixed slots cut a burst here
const EDGE = Math.ceil(Date.parse("2026-12-01T09:00:00Z") / BURST_MS) * BURST_MS;
const T0 = EDGE - 30_000;
let db: TestDatabase;
databaseForFile((made) => (db = made));

const note = (userId: number, once: string, link = "/tables/7"): Note => ({
  to: { userId },
  kind: "turn",
  text: `Note ${once}.`,
  link,
  once,
});

async function entries(who: Awaited<ReturnType<typeof makeUser>>) {
  const r = await api(db.prisma, who, { clock: fixedClock(T0) })("GET", "/api/notifications?limit=100");
  expect(r.status).toBe(200);
  return {
    unread: r.body.unread as number,
    list: (r.body.notifications as { text: string; count: number }[]).map((n) => [n.text, n.count]),
    notes: (r.body.notifications as { notes: { text: string }[] }[]).map((n) => n.notes.map((x) => x.text)),
  };
}

describe("bursts in the store", () => {
  it("open with the subject's first note, whatever the clock's slots, and each is one entry", async () => {
    const ana = await makeUser(db, "nb-ana");
    // 30 s before a slot's edge, 30 s after it, then the rest of the window and past it; a plan in between; a
    // note about no subject; a note written before (it opens nothing)
    const at = [0, 60_000, BURST_MS - 1, BURST_MS, BURST_MS + 10_000, 2 * BURST_MS + 5_000];
    await writeChange(db.prisma, T0, { notes: [note(ana.userId, "inv", "/invitations")] });
    for (const [i, ms] of at.entries()) {
      await writeChange(db.prisma, T0 + ms, { notes: [note(ana.userId, `t${i}`)] });
      if (i === 1)
        await writeChange(db.prisma, T0 + ms, { notes: [note(ana.userId, "p", "/plans/3?wave=a")] });
    }
    expect(
      await writeChange(db.prisma, T0 + 2 * BURST_MS + 6_000, { notes: [note(ana.userId, "t5")] }),
    ).toEqual([]);

    const rows = await db.prisma.notification.findMany({
      where: { recipient: `user:${ana.userId}`, link: "/tables/7" },
      orderBy: { id: "asc" },
      select: { burst: { select: { number: true, opensAt: true } } },
    });
    expect(rows.map((r) => r.burst!.number)).toEqual(burstNumbers(at.map((ms) => T0 + ms)));
    expect(rows.map((r) => r.burst!.number)).toEqual([1, 1, 1, 2, 2, 3]);
    expect(rows.map((r) => r.burst!.opensAt.getTime() - T0)).toEqual([
      0,
      0,
      0,
      BURST_MS,
      BURST_MS,
      2 * BURST_MS + 5_000,
    ]);
    expect(await entries(ana)).toEqual({
      unread: 5,
      list: [
        ["Note t5.", 1],
        ["Note t4.", 2],
        ["Note t2.", 3],
        ["Note p.", 1],
        ["Note inv.", 1],
      ],
      // every note of a burst can be read, oldest first
      notes: [
        ["Note t5."],
        ["Note t3.", "Note t4."],
        ["Note t0.", "Note t1.", "Note t2."],
        ["Note p."],
        ["Note inv."],
      ],
    });
  });

  it("make one burst of two writers adding notes at once", { timeout: 60_000 }, async () => {
    const bo = await makeUser(db, "nb-bo");
    let commit!: () => void;
    const held = new Promise<void>((r) => (commit = r));
    let wrote!: () => void;
    const written = new Promise<void>((r) => (wrote = r));
    // the first writer opens the burst and holds its transaction open…
    const first = db.prisma.$transaction(
      async (tx) => {
        await writeChange(tx, T0 + 1_000, { notes: [note(bo.userId, "r1")] });
        wrote();
        await held;
      },
      { timeout: 30_000 },
    );
    await written;
    // …while the second, a moment later by its own clock, sees no burst yet and opens the same one
    const second = writeChange(db.prisma, T0 + 1_001, { notes: [note(bo.userId, "r2")] });
    if (onPostgres()) {
      // it waits on the first's unique key (a lock wait, asked of the server, not a time)
      for (;;) {
        const [w] = await db.prisma.$queryRaw<{ n: bigint }[]>`
          SELECT count(*) AS n FROM pg_stat_activity
          WHERE datname = current_database() AND wait_event_type = 'Lock'`;
        if (Number(w!.n) > 0) break;
        await new Promise((r) => setTimeout(r, 20));
      }
    }
    commit();
    await first;
    expect(await second).toHaveLength(1);
    const rows = await db.prisma.notification.findMany({
      where: { recipient: `user:${bo.userId}` },
      select: { burstId: true },
    });
    expect(rows).toHaveLength(2);
    expect(rows[0]!.burstId).not.toBeNull();
    expect(rows[1]!.burstId).toBe(rows[0]!.burstId);
    expect(await db.prisma.notificationBurst.count({ where: { recipient: `user:${bo.userId}` } })).toBe(1);
    expect(await entries(bo)).toMatchObject({ unread: 1, list: [["Note r2.", 2]] });
  });

  it("make one burst of many writers at once, subject by subject", { timeout: 60_000 }, async () => {
    const cy = await makeUser(db, "nb-cy");
    await Promise.all(
      Array.from({ length: 24 }, (_, i) =>
        writeChange(db.prisma, T0 + (i % 3), { notes: [note(cy.userId, `m${i}`, `/councils/${i % 4}`)] }),
      ),
    );
    const bursts = await db.prisma.notificationBurst.findMany({
      where: { recipient: `user:${cy.userId}` },
      select: { subject: true, number: true, _count: { select: { notes: true } } },
      orderBy: { subject: "asc" },
    });
    expect(bursts.map((b) => [b.subject, b.number, b._count.notes])).toEqual(
      [0, 1, 2, 3].map((c) => [`/councils/${c}`, 1, 6]),
    );
    expect((await entries(cy)).unread).toBe(4);
  });
});
