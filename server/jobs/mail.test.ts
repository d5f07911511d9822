// Mail for notifications, sent to a real SMTP server started here (the smtp-server package): one mail per
// notification to a person with an address, with text and HTML parts and the link to its place, the text escaped;
// none without SMTP_URL or without an address; and a server that drops the connection mid-send loses nothing: the
// queue sends it again, with the same Message-ID.
import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeUser, testDatabase, type TestDatabase } from "../testing/db";
import { notify } from "../actions/notify";
import { mailWorker } from "./mail";
import { startQueue } from "./queue";

type Received = { to: string[]; raw: string };
const received: Received[] = [];
/** How many deliveries to drop mid-message (the connection is destroyed while the DATA is arriving). */
let drop = 0;
let smtp: SMTPServer;
let db: TestDatabase;
let queue: Awaited<ReturnType<typeof startQueue>>;
const T0 = Date.parse("2026-12-01T09:00:00Z");

beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onData(stream, session, done) {
      let raw = "";
      stream.on("data", (d) => {
        raw += String(d);
        if (drop > 0) {
          // the server goes away while the message is arriving: every connection's socket is cut
          drop--;
          for (const c of (smtp as unknown as { connections: Set<{ _socket: { destroy(): void } }> })
            .connections)
            c._socket.destroy();
          raw = "";
        }
      });
      stream.on("end", () => {
        if (!raw) return done(new Error("cut"));
        received.push({ to: session.envelope.rcptTo.map((r) => r.address), raw });
        done();
      });
    },
  });
  await new Promise<void>((r) => smtp.listen(0, "127.0.0.1", () => r()));
  const port = (smtp.server.address() as AddressInfo).port;
  process.env.SMTP_URL = `smtp://127.0.0.1:${port}`;
  process.env.PARLEY_URL = "https://parley.test";
  process.env.MAIL_FROM = "Parley <mail@parley.test>";
  db = await testDatabase();
  queue = await startQueue(db, { mail: mailWorker }, { pollSeconds: 0.5 });
  // retried at once here (the app's policy backs off from 15 s)
  await queue.boss.updateQueue("mail", { name: "mail", retryDelay: 1, retryBackoff: false } as never);
});
afterAll(async () => {
  await queue?.stop();
  await db?.drop();
  await new Promise<void>((r) => smtp.close(() => r()));
  delete process.env.SMTP_URL;
  delete process.env.PARLEY_URL;
  delete process.env.MAIL_FROM;
});

const until = async (what: () => boolean, ms = 20_000) => {
  const end = Date.now() + ms;
  while (!what()) {
    if (Date.now() > end) throw new Error("timed out");
    await new Promise((r) => setTimeout(r, 50));
  }
};

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
    drop = 1;
    await tell(di, "Your turn at “Storm”.", "m4");
    await until(() => received.some((m) => m.to.includes("di@example.test")), 30_000);
    expect(drop).toBe(0); // the first attempt was dropped
    const mails = received.filter((m) => m.to.includes("di@example.test"));
    expect(mails).toHaveLength(1);
    const [job] = await db.sql.query<{ retry_count: number; state: string }>(
      `SELECT retry_count, state FROM pgboss.job WHERE name = 'mail' AND data->>'notificationId' = (SELECT id::text FROM "Notification" WHERE once = 'm4')`,
    );
    expect(job).toMatchObject({ retry_count: 1 });
  });
});
