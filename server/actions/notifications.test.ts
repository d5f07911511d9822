// Notifications (shared/spec/notifications.md): written in the change's transaction for the identity in each seat,
// at most once each; listed newest first and paged; marked read by appending; each identity reads only its own.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fixedClock } from "../clock";
import { ANON, type Who } from "../identity";
import { reminderLeadMs, TURN_WINDOW_DEFAULT_MS } from "../rules/game";
import { makeUser, testDatabase, type TestDatabase } from "../testing/db";
import { api } from "../testing/doors";
import { createAgent, whoForToken } from "./agents";
import { sweepTables } from "./game/sweep";
import { listNotifications, markNotificationsRead, unreadNotifications } from "./notifications";
import { notify, recipientKey } from "./notify";

const T0 = Date.parse("2026-12-01T09:00:00Z");
let db: TestDatabase;
let host: Who & { kind: "user" };
let agent: Who;
let other: Who & { kind: "user" };
let tableId: number;

/** Every notification written for `who`, oldest first, to read as a story (the list groups a burst into one entry). */
const kinds = async (who: Who) =>
  (
    await db.prisma.notification.findMany({
      where: {
        recipient: recipientKey(
          who.kind === "user" ? { userId: who.userId } : { agentId: who.kind === "agent" ? who.agentId : 0 },
        ),
      },
      orderBy: { id: "asc" },
      select: { kind: true },
    })
  ).map((n) => n.kind);

beforeAll(async () => {
  process.env.PARLEY_RATE_LIMIT = "1000000";
  db = await testDatabase();
  host = await makeUser(db, "nt-host");
  other = await makeUser(db, "nt-other");
  const owner = await makeUser(db, "nt-owner");
  const made = await createAgent(db.prisma, owner, { name: "nt-agent" });
  if (!made.ok) throw new Error(made.message);
  agent = (await whoForToken(db.prisma, made.value.token))!;
  const clock = fixedClock(T0);
  tableId = (
    await api(db.prisma, host, { clock })("POST", "/api/tables", { title: "Tidewater", seats_max: 4 })
  ).body.id;
  expect((await api(db.prisma, agent, { clock })("POST", `/api/tables/${tableId}/join`, {})).status).toBe(
    200,
  );
  await api(db.prisma, host, { clock })("POST", `/api/tables/${tableId}/bots`, {});
  expect((await api(db.prisma, host, { clock })("POST", `/api/tables/${tableId}/start`, {})).status).toBe(
    200,
  );
});
afterAll(async () => db?.drop());

describe("notifications at a table", () => {
  it("the start tells every seat held by a person or an agent, and the first seat its turn; house bots nothing", async () => {
    expect(await kinds(host)).toEqual(["table.started", "turn"]);
    expect(await kinds(agent)).toEqual(["table.started"]);
    const [first] = (await listNotifications(db.prisma, host, {})).ok
      ? ((await listNotifications(db.prisma, host, {})) as any).value.notifications
      : [];
    expect(first).toMatchObject({
      kind: "turn",
      link: `/tables/${tableId}`,
      read: false,
      text: "Your turn at “Tidewater”.",
    });
    expect(await db.prisma.notification.count()).toBe(3);
  });

  it("an offer tells the next seat its turn, and that an offer stands", async () => {
    const clock = fixedClock(T0 + 60_000);
    const s = (await api(db.prisma, host, { clock })("GET", `/api/tables/${tableId}`)).body;
    const accord = Object.fromEntries(s.game.charter.map((c: string) => [c, s.settings[c][0]]));
    const r = await api(db.prisma, host, { clock })("POST", `/api/tables/${tableId}/offer`, { accord });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const told = await listNotifications(db.prisma, agent, { limit: 1 });
    expect(told.ok && told.value.notifications[0]).toMatchObject({
      kind: "turn",
      text: "Your turn at “Tidewater”: an offer stands that you may accept.",
    });
  });

  it("the reminder before the window ends is written once, however many sweeps see it", async () => {
    const before = (await kinds(host)).length + (await kinds(agent)).length;
    const s = (
      await api(db.prisma, host, { clock: fixedClock(T0 + 60_000) })("GET", `/api/tables/${tableId}`)
    ).body;
    const endsAt = s.game.turn_ends_at as number;
    expect(endsAt).toBe(T0 + 60_000 + TURN_WINDOW_DEFAULT_MS);
    const at = endsAt - reminderLeadMs(TURN_WINDOW_DEFAULT_MS);
    await sweepTables(db, at - 1); // not yet
    expect((await kinds(host)).length + (await kinds(agent)).length).toBe(before);
    const seatToAct = s.game.turn === s.your_seat ? host : agent;
    await Promise.all([sweepTables(db, at), sweepTables(db, at + 1000)]);
    await sweepTables(db, at + 2000);
    const after = (await kinds(host)).length + (await kinds(agent)).length;
    expect(after - before).toBe(1);
    expect((await kinds(seatToAct)).at(-1)).toBe("reminder");
  });

  it("a notification for a change that rolls back is never written", async () => {
    const n = await db.prisma.notification.count();
    await db.prisma
      .$transaction(async (tx) => {
        await notify(tx, T0, [
          { to: { userId: other.userId }, kind: "turn", text: "x", link: "/", once: "rollback" },
        ]);
        throw new Error("the change failed");
      })
      .catch(() => {});
    expect(await db.prisma.notification.count()).toBe(n);
  });
});

describe("reading and marking", () => {
  it("pages newest first, counts the unread, and marks one, then all, read (twice is once)", async () => {
    const at = T0 + 10;
    await db.prisma.$transaction((tx) =>
      notify(
        tx,
        at,
        Array.from({ length: 5 }, (_, i) => ({
          to: { userId: other.userId },
          kind: "invitation",
          text: `note ${i}`,
          link: `/invitations`,
          once: `test:${i}`,
        })),
      ),
    );
    const p1 = await listNotifications(db.prisma, other, { limit: 2 });
    if (!p1.ok) throw new Error(p1.message);
    expect(p1.value.notifications.map((n) => n.text)).toEqual(["note 4", "note 3"]);
    expect(p1.value.unread).toBe(5);
    const p2 = await listNotifications(db.prisma, other, { limit: 2, before: p1.value.next! });
    expect(p2.ok && p2.value.notifications.map((n) => n.text)).toEqual(["note 2", "note 1"]);
    const p3 = await listNotifications(db.prisma, other, { limit: 2, before: (p2 as any).value.next });
    expect(p3.ok && [p3.value.notifications.length, p3.value.next]).toEqual([1, null]);

    const id = p1.value.notifications[0]!.id;
    expect(await markNotificationsRead(db.prisma, other, { ids: [id] }, at)).toMatchObject({
      ok: true,
      value: { marked: 1, unread: 4 },
    });
    expect(await markNotificationsRead(db.prisma, other, { ids: [id] }, at)).toMatchObject({
      ok: true,
      value: { marked: 0, unread: 4 },
    });
    const unread = await listNotifications(db.prisma, other, { unread: true });
    expect(unread.ok && unread.value.notifications.map((n) => n.text)).toEqual([
      "note 3",
      "note 2",
      "note 1",
      "note 0",
    ]);
    await Promise.all([
      markNotificationsRead(db.prisma, other, {}, at),
      markNotificationsRead(db.prisma, other, {}, at),
    ]);
    expect(await unreadNotifications(db.prisma, other)).toEqual({ ok: true, value: { unread: 0 } });
  });

  it("each identity reads and marks only its own; a guest is asked to sign in", async () => {
    const theirs = await listNotifications(db.prisma, host, {});
    const ids = theirs.ok ? theirs.value.notifications.map((n) => n.id) : [];
    expect(ids.length).toBeGreaterThan(0);
    expect(await markNotificationsRead(db.prisma, other, { ids }, T0)).toMatchObject({
      ok: true,
      value: { marked: 0 },
    });
    expect(await unreadNotifications(db.prisma, host)).toMatchObject({
      ok: true,
      value: { unread: ids.length },
    });
    const mine = await listNotifications(db.prisma, other, {});
    expect(mine.ok && mine.value.notifications.some((n) => ids.includes(n.id))).toBe(false);
    expect(await listNotifications(db.prisma, ANON, {})).toMatchObject({
      ok: false,
      code: "signin_required",
    });
    expect(await markNotificationsRead(db.prisma, ANON, {}, T0)).toMatchObject({
      ok: false,
      code: "signin_required",
    });
  });

  it("refuses a bad page or a bad id list by name, at the JSON API", async () => {
    const as = api(db.prisma, other, { clock: fixedClock(T0) });
    const big = await as("GET", "/api/notifications?limit=1000");
    expect(big.status).toBe(422);
    expect(big.body.error.message).toMatch(/limit/);
    const bad = await as("POST", "/api/notifications/read", { ids: ["x"] });
    expect(bad.status).toBe(422);
    const ok = await as("GET", "/api/notifications?limit=1");
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ unread: 0, notifications: [{ kind: "invitation", read: true }] });
  });
});
