// Mail for notifications, sent to a real SMTP server started here (the smtp-server package): one mail per
// notification to a person with an address, with text and HTML parts and the link to its place, the text escaped;
// none without SMTP_URL or without an address; and a server that drops the connection mid-send loses nothing: the
// queue sends it again, with the same Message-ID.
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { until } from "../../live/testkit";
import { makeUser, testDatabase, type TestDatabase } from "../../testing/db";
import { notify } from "../notify";
import { ANON } from "../../identity";
import { fixedClock } from "../../clock";
import { api } from "../../testing/doors";
import { Mailbox, plainText } from "../../testing/smtp";
import { mailSettings, setMail } from "../mail";
import { digestWindow, DIGEST_HOUR_UTC } from "../../rules/notifications";
import { sweepDigests, digestWorker } from "./digest";
import { confirmEmail, requestEmail, requestReset, resetPassword } from "../address";
import { registerLocal, verifyLocal } from "../accounts";
import { accountWorker } from "./account";
import { mailWorker } from "./mail";
import { startQueue } from "../../jobs/queue";

const mailbox = new Mailbox();
const received = mailbox.received;
let db: TestDatabase;
let queue: Awaited<ReturnType<typeof startQueue>>;
const T0 = Date.parse("2026-12-01T09:00:00Z");

beforeAll(async () => {
  vi.stubEnv("SMTP_URL", await mailbox.listen());
  vi.stubEnv("PARLEY_URL", "https://parley.test");
  vi.stubEnv("MAIL_FROM", "Parley <mail@parley.test>");
  db = await testDatabase();
  queue = await startQueue(
    db,
    { mail: mailWorker, digest: digestWorker, account: accountWorker },
    { pollSeconds: 0.5 },
  );
  // retried at once here (the app's policy backs off from 15 s)
  await queue.boss.updateQueue("mail", { name: "mail", retryDelay: 1, retryBackoff: false } as never);
});
afterAll(async () => {
  await queue?.stop();
  await db?.drop();
  await mailbox.close();
  vi.unstubAllEnvs();
});

const tell = (to: { userId: number }, text: string, once: string) =>
  db.prisma.$transaction((tx) => notify(tx, T0, [{ to, kind: "turn", text, link: "/tables/7", once }]));

describe("mail for notifications", () => {
  it("mails a person with an address: text and HTML parts, the link, the text escaped", async () => {
    const ana = await makeUser(db, "mail-ana", "ana@example.test");
    await tell(ana, "Your turn at “<b>Salt & Tide</b>”.", "m1");
    await until(() => received.some((m) => m.to.includes("ana@example.test")));
    const m = received.find((x) => x.to.includes("ana@example.test"))!;
    const raw = m.raw.replace(/=\r?\n/g, ""); // quoted-printable soft breaks
    expect(raw).toMatch(/^From: Parley <mail@parley\.test>/m);
    expect(raw).toMatch(/^To: "?mail-ana"? <ana@example\.test>/m);
    expect(raw).toMatch(/multipart\/alternative/);
    expect(raw).toMatch(/Content-Type: text\/plain/);
    expect(raw).toMatch(/Content-Type: text\/html/);
    expect(raw).toContain("https://parley.test/tables/7");
    // in the HTML part the text is data (escaped); the plain part carries it as written
    const html = raw.slice(raw.indexOf("Content-Type: text/html")).split(/\r?\n--/)[0]!;
    expect(html).toContain("&lt;b&gt;Salt &amp; Tide&lt;/b&gt;");
    expect(html).not.toContain("<b>Salt");
    expect(m.raw).toMatch(/^Message-ID: <notification-\d+@parley\.test>/im);
  });

  it("mails nobody without an address, and nothing at all without SMTP_URL", async () => {
    const bo = await makeUser(db, "mail-bo");
    const cy = await makeUser(db, "mail-cy", "cy@example.test");
    const before = received.length;
    await tell(bo, "Your turn at “Quiet”.", "m2");
    const url = process.env.SMTP_URL;
    delete process.env.SMTP_URL;
    await tell(cy, "Your turn at “Quiet”.", "m3");
    process.env.SMTP_URL = url;
    const [row] = await db.sql.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM pgboss.job WHERE data->>'notificationId' IN (SELECT id::text FROM "Notification" WHERE once IN ('m2', 'm3'))`,
    );
    expect(row?.n).toBe(0);
    await new Promise((r) => setTimeout(r, 1500));
    expect(received.length).toBe(before);
  });

  it("a server that drops the connection mid-send loses nothing: the same mail arrives on the retry", async () => {
    const di = await makeUser(db, "mail-di", "di@example.test");
    mailbox.drop = 1;
    await tell(di, "Your turn at “Storm”.", "m4");
    await until(() => received.some((m) => m.to.includes("di@example.test")), 30_000);
    expect(mailbox.drop).toBe(0); // the first attempt was dropped
    const mails = received.filter((m) => m.to.includes("di@example.test"));
    expect(mails).toHaveLength(1);
    const [job] = await db.sql.query<{ retry_count: number; state: string }>(
      `SELECT retry_count, state FROM pgboss.job WHERE name = 'mail' AND data->>'notificationId' = (SELECT id::text FROM "Notification" WHERE once = 'm4')`,
    );
    expect(job).toMatchObject({ retry_count: 1 });
  });
});

describe("titles in mail", () => {
  it("a table's, a Round Table's and a plan's title written over two lines reach a mail as one line", async () => {
    const host = await makeUser(db, "mail-host");
    const jo = await makeUser(db, "mail-jo", "jo@example.test");
    const as = api(db.prisma, host, { clock: fixedClock(T0) });
    const table = await as("POST", "/api/tables", { title: "Salt\r\nTide", seats_max: 4 });
    expect(table.status, JSON.stringify(table.body)).toBe(201);
    expect((await as("POST", `/api/tables/${table.body.id}/invite`, { person: jo.name })).status).toBe(201);
    const soul = (name: string) => ({
      name,
      soul: `The ${name} soul.`,
      source: "pasted",
      wearer: "model",
      provider: "scripted",
    });
    const council = await as("POST", "/api/councils", {
      question: "Do we ship\r\non Friday?",
      fit: { decision: "We ship or hold.", options: "The only two.", stakes: "A lost weekend." },
      options: ["ship", "hold"],
      seats: [
        { name: "finance", soul: "Asks who pays.", source: "habit", wearer: "person", person: jo.name },
        soul("brand"),
        soul("legal"),
      ],
    });
    expect(council.status, JSON.stringify(council.body)).toBe(201);
    const plan = await as("POST", "/api/plans", { name: "Launch\nplan", nodes: [{ id: "scan" }] });
    expect(plan.status, JSON.stringify(plan.body)).toBe(201);
    const role = await as("POST", `/api/plans/${plan.body.id}/roles`, { role: "viewer", person: jo.name });
    expect(role.status, JSON.stringify(role.body)).toBe(201);
    await until(() => received.filter((m) => m.to.includes("jo@example.test")).length === 3);
    const texts = received.filter((m) => m.to.includes("jo@example.test")).map((m) => plainText(m.raw));
    const lineWith = (words: string) => texts.flatMap((t) => t.split(/\r?\n/)).find((l) => l.includes(words));
    expect(lineWith("the table “Salt Tide”")).toMatch(
      /^You are invited to a seat at the table “Salt Tide”, from/,
    );
    expect(lineWith("“Do we ship on Friday?”")).toMatch(
      /^You are invited to the seat finance at the round table/,
    );
    expect(lineWith("the plan “Launch plan”")).toMatch(/^You are invited to the viewer role on the plan/);
  });
});

describe("what a person has mailed", () => {
  const mailsTo = (address: string) => received.filter((m) => m.to.includes(address));

  it("off mails nothing; a digest holds the day's notifications in one mail, once, and none at once", async () => {
    const ed = await makeUser(db, "mail-ed", "ed@example.test");
    expect(await setMail(db.prisma, ed, { group: "tables", mode: "digest" }, T0)).toMatchObject({ ok: true });
    expect(await setMail(db.prisma, ed, { group: "invitations", mode: "off" }, T0)).toMatchObject({
      ok: true,
    });
    const settings = await mailSettings(db.prisma, ed);
    expect(settings.ok && settings.value).toMatchObject({
      configured: true,
      email: "ed@example.test",
      groups: [
        { group: "tables", mode: "digest" },
        { group: "councils", mode: "immediately" },
        { group: "plans", mode: "immediately" },
        { group: "invitations", mode: "off" },
      ],
    });
    const at = Date.parse("2026-12-01T12:00:00Z");
    await db.prisma.$transaction((tx) =>
      notify(tx, at, [
        { to: ed, kind: "turn", text: "Your turn at “Dawn”.", link: "/tables/1", once: "d1" },
        {
          to: ed,
          kind: "table.finished",
          text: "The accord bound at “Dawn”.",
          link: "/tables/1",
          once: "d2",
        },
        { to: ed, kind: "invitation", text: "You are invited to a seat.", link: "/invitations", once: "d3" },
        { to: ed, kind: "round.opened", text: "Round 1 is open.", link: "/councils/1", once: "d4" },
      ]),
    );
    await until(() => mailsTo("ed@example.test").length === 1); // the council's, at once
    expect(mailsTo("ed@example.test")[0]!.raw).toContain("Round 1 is open.");
    // the next digest hour: one digest with both table notifications, none of the invitation (off)
    const next = digestWindow(at + 86_400_000);
    expect(new Date(next.to).getUTCHours()).toBe(DIGEST_HOUR_UTC);
    await sweepDigests(db, next.to + 1000);
    await sweepDigests(db, next.to + 2000);
    await until(() => mailsTo("ed@example.test").length === 2);
    await new Promise((r) => setTimeout(r, 1500));
    const mails = mailsTo("ed@example.test");
    expect(mails).toHaveLength(2);
    const digest = mails[1]!.raw.replace(/=\r?\n/g, "");
    expect(digest).toContain("Your turn at =E2=80=9CDawn=E2=80=9D.");
    expect(digest).toContain("The accord bound at =E2=80=9CDawn=E2=80=9D.");
    expect(digest).not.toContain("invited to a seat");
    expect(mails[1]!.raw).toMatch(/^Subject: Parley, 2026-12-02: 2 notifications/m);
  });

  it("every mail names its one-click unsubscribe (RFC 8058), which a mail client POSTs without a session", async () => {
    const fay = await makeUser(db, "mail-fay", "fay@example.test");
    await tell(fay, "Your turn at “Gale”.", "u1");
    await until(() => mailsTo("fay@example.test").length === 1);
    const raw = mailsTo("fay@example.test")[0]!.raw;
    expect(raw).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click/m);
    const link = /^List-Unsubscribe:\s*<([^>]+)>/m.exec(raw.replace(/\r?\n /g, " "))![1]!;
    const url = new URL(link);
    expect(url.origin + url.pathname).toBe("https://parley.test/api/notifications/unsubscribe");
    const as = api(db.prisma, ANON, { clock: fixedClock(T0) });
    const form = { "content-type": "application/x-www-form-urlencoded" };
    const wrong = await as(
      "POST",
      `${url.pathname}?user=${fay.userId}&token=nope`,
      "List-Unsubscribe=One-Click",
      form,
    );
    expect(wrong.status).toBe(404);
    const r = await as("POST", url.pathname + url.search, "List-Unsubscribe=One-Click", form);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.message).toMatch(/^Unsubscribed/);
    const s = await mailSettings(db.prisma, fay);
    expect(s.ok && s.value.groups.map((g) => g.mode)).toEqual(["off", "off", "off", "off"]);
    await tell(fay, "Your turn at “Gale” again.", "u2");
    await new Promise((r) => setTimeout(r, 1500));
    expect(mailsTo("fay@example.test")).toHaveLength(1);
  });
});

describe("your address and a forgotten password", () => {
  const linkIn = (raw: string, path: string) => {
    const text = raw.replace(/=\r?\n/g, "").replace(/=3D/g, "=");
    const m = new RegExp(`https://parley\\.test${path}\\?([^\\s"<]+)`).exec(text);
    return new URLSearchParams(m![1]!.replace(/&amp;/g, "&"));
  };

  it("an address becomes yours only by the link mailed to it; another account's is refused", async () => {
    const gus = await makeUser(db, "mail-gus");
    expect(await requestEmail(db.prisma, gus, { email: "not an address" }, T0)).toMatchObject({
      ok: false,
      code: "invalid",
    });
    expect(await requestEmail(db.prisma, gus, { email: "gus@example.test" }, T0)).toMatchObject({ ok: true });
    expect(
      (await mailSettings(db.prisma, gus)).ok && ((await mailSettings(db.prisma, gus)) as any).value.email,
    ).toBe(null);
    await until(() => received.some((m) => m.to.includes("gus@example.test")));
    const q = linkIn(received.find((m) => m.to.includes("gus@example.test"))!.raw, "/email/confirm");
    const change = Number(q.get("change"));
    expect(await confirmEmail(db.prisma, { change, token: "forged" }, T0)).toMatchObject({
      ok: false,
      code: "not_found",
    });
    expect(
      await confirmEmail(db.prisma, { change, token: q.get("token")! }, T0 + 25 * 3_600_000),
    ).toMatchObject({
      ok: false,
      code: "conflict",
    });
    expect(await confirmEmail(db.prisma, { change, token: q.get("token")! }, T0)).toMatchObject({
      ok: true,
      value: { email: "gus@example.test" },
    });
    expect(((await mailSettings(db.prisma, gus)) as any).value.email).toBe("gus@example.test");
    // ana's address (the first test's) cannot be taken by following a link to it
    await requestEmail(db.prisma, gus, { email: "ana@example.test" }, T0);
    await until(() => received.filter((m) => m.to.includes("ana@example.test")).length >= 2);
    const q2 = linkIn(
      received.filter((m) => m.to.includes("ana@example.test")).at(-1)!.raw,
      "/email/confirm",
    );
    expect(
      await confirmEmail(db.prisma, { change: Number(q2.get("change")), token: q2.get("token")! }, T0),
    ).toMatchObject({
      ok: false,
      code: "conflict",
      message: "ana@example.test is another account's address.",
    });
  });

  it("a reset link goes to the confirmed address only, works once, within the hour", async () => {
    const made = await registerLocal(db.prisma, { name: "mail-hal", password: "old password 1" });
    if (!made.ok) throw new Error(made.message);
    await db.prisma.user.update({ where: { id: made.value.id }, data: { email: "hal@example.test" } });
    const before = received.length;
    const asked = await requestReset(db.prisma, { name: "mail-hal" }, T0);
    const nobody = await requestReset(db.prisma, { name: "mail-nobody" }, T0);
    expect(asked).toEqual(nobody); // the same answer whether or not the account (or its address) exists
    await until(() => received.some((m) => m.to.includes("hal@example.test")));
    await new Promise((r) => setTimeout(r, 1000));
    expect(received.length - before).toBe(1);
    const q = linkIn(received.find((m) => m.to.includes("hal@example.test"))!.raw, "/reset");
    const reset = Number(q.get("reset"));
    const token = q.get("token")!;
    expect(await resetPassword(db.prisma, { reset, token, password: "short" }, T0)).toMatchObject({
      code: "invalid",
    });
    expect(
      await resetPassword(db.prisma, { reset, token, password: "new password 2" }, T0 + 3_600_000),
    ).toMatchObject({
      code: "conflict",
    });
    expect(await resetPassword(db.prisma, { reset, token, password: "new password 2" }, T0)).toMatchObject({
      ok: true,
    });
    expect(await resetPassword(db.prisma, { reset, token, password: "new password 3" }, T0)).toMatchObject({
      code: "not_found",
    });
    expect(await verifyLocal(db.prisma, { name: "mail-hal", password: "new password 2" })).toMatchObject({
      ok: true,
    });
    expect(await verifyLocal(db.prisma, { name: "mail-hal", password: "old password 1" })).toMatchObject({
      ok: false,
    });
  });

  it("without SMTP_URL neither is offered", async () => {
    const ivy = await makeUser(db, "mail-ivy");
    const url = process.env.SMTP_URL;
    delete process.env.SMTP_URL;
    try {
      expect(await requestEmail(db.prisma, ivy, { email: "ivy@example.test" }, T0)).toMatchObject({
        code: "conflict",
      });
      expect(await requestReset(db.prisma, { name: "mail-ivy" }, T0)).toMatchObject({ code: "conflict" });
    } finally {
      process.env.SMTP_URL = url;
    }
  });
});
