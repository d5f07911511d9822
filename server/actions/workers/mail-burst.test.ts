// Notifications that read well, through the real SMTP server (smtp-server) and the queue: a round with a 2-minute
// deadline tells its seat it opened, reminds it 30 s before the deadline (not "10 minutes" as it opens), and that it
// was emptied — one burst about one round table: one entry in the app (the count and the latest) and one mail. No
// notification's text, in the app, over the API or by mail, holds a raw ISO time; the moment travels beside it.
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { sweepCouncils } from "../council";
import { modelSeat } from "../council/testing";
import { fixedClock } from "../../clock";
import { BURST_MS } from "../../rules/notifications";
import { until } from "../../live/testkit";
import { makeUser, testDatabase, type TestDatabase } from "../../testing/db";
import { api } from "../../testing/doors";
import { Mailbox, plainText } from "../../testing/smtp";
import { mailWorker } from "./mail";
import { startQueue } from "../../jobs/queue";

const mailbox = new Mailbox();
const received = mailbox.received;
let db: TestDatabase;
let queue: Awaited<ReturnType<typeof startQueue>> | undefined;
// a minute before a wall-clock slot's edge: the round's notes fall either side of it, and are one burst all the same
// (a burst opens with its first note)
const T0 = Math.ceil(Date.parse("2026-12-02T09:00:00Z") / BURST_MS) * BURST_MS - 60_000;
const ISO = /\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;

beforeAll(async () => {
  vi.stubEnv("SMTP_URL", await mailbox.listen());
  vi.stubEnv("PARLEY_URL", "http://parley.test");
  db = await testDatabase();
  // the queues exist (mail written meanwhile is queued), but no worker runs until the round's notes are all written
  await (await startQueue(db, {})).stop();
});
afterAll(async () => {
  await queue?.stop();
  await db?.drop();
  await mailbox.close();
  vi.unstubAllEnvs();
});

/** The Subject header, its RFC 2047 encoded words decoded. */
const subjectOf = (raw: string) =>
  (/^Subject: (.*(?:\r?\n[ \t].*)*)/m.exec(raw)?.[1] ?? "")
    .replace(/\?=\s+=\?/g, "?==?")
    .replace(/\r?\n[ \t]/g, " ")
    .replace(/=\?UTF-8\?([QB])\?([^?]*)\?=/gi, (_, enc: string, data: string) =>
      enc.toUpperCase() === "B"
        ? Buffer.from(data, "base64").toString("utf8")
        : Buffer.from(
            data
              .replace(/_/g, " ")
              .replace(/=([0-9A-F]{2})/gi, (_m: string, h: string) => String.fromCharCode(parseInt(h, 16))),
            "latin1",
          ).toString("utf8"),
    );

describe("a round with a 2-minute deadline", () => {
  it("is told on time, in words, as one entry and one mail", { timeout: 120_000 }, async () => {
    const fac = await makeUser(db, "mb-fac");
    const pat = await makeUser(db, "mb-pat", "pat@example.test");
    const at = (ms: number) => api(db.prisma, fac, { clock: fixedClock(T0 + ms) });
    const made = await at(0)("POST", "/api/councils", {
      question: "Do we ship on Friday?",
      fit: { decision: "We ship or hold.", options: "The only two plans.", stakes: "A lost weekend." },
      options: ["ship", "hold"],
      round_deadline_ms: 2 * 60_000,
      visibility: "public",
      seats: [
        { name: "pat", soul: "Asks who pays.", source: "habit", wearer: "person", person: pat.name },
        { ...modelSeat("brand"), script: { afterMs: 0 } },
        { ...modelSeat("legal"), script: { afterMs: 0 } },
      ],
    });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const id = made.body.id as number;
    const patApi = api(db.prisma, pat, { clock: fixedClock(T0) });
    expect((await patApi("POST", "/api/invitations/accept", { kind: "council", id })).status).toBe(200);

    // Not reminded as it opens, nor at 31 s to go; at 25 s to go, once; then emptied at the deadline.
    await sweepCouncils(db, T0 + 60_000, { models: "await" });
    await sweepCouncils(db, T0 + 89_000, { models: "await" });
    const told = () =>
      db.prisma.notification.findMany({
        where: { recipient: `user:${pat.userId}`, link: `/councils/${id}` },
        orderBy: { id: "asc" },
      });
    expect((await told()).map((n) => n.kind)).toEqual(["round.opened"]);
    await sweepCouncils(db, T0 + 95_000, { models: "await" });
    await sweepCouncils(db, T0 + 100_000, { models: "await" });
    await sweepCouncils(db, T0 + 121_000, { models: "await" });
    const notes = await told();
    expect(notes.map((n) => [n.kind, n.text])).toEqual([
      ["round.opened", "Round 1 of “Do we ship on Friday?” is open for your seat pat: it closes in 2 min."],
      [
        "round.reminder",
        "Round 1 of “Do we ship on Friday?” closes in 25 s and your seat pat has not answered.",
      ],
      ["seat.emptied", expect.stringMatching(/^Your seat pat at “Do we ship on Friday\?” was emptied: /)],
    ]);
    expect(notes.map((n) => n.moment?.getTime() ?? null)).toEqual([T0 + 120_000, T0 + 120_000, null]);

    // In the app and over the API: one entry for the burst, the latest with the count; the moment as a field.
    const listed = await patApi("GET", "/api/notifications");
    const entry = listed.body.notifications.find((n: { link: string }) => n.link === `/councils/${id}`);
    expect(entry).toMatchObject({
      kind: "seat.emptied",
      count: 3,
      ids: notes.map((n) => Number(n.id)).reverse(),
    });
    expect(
      listed.body.notifications.filter((n: { link: string }) => n.link === `/councils/${id}`),
    ).toHaveLength(1);
    expect(listed.body.unread).toBe(2); // the burst, and the invitation
    const opened = await patApi("GET", "/api/notifications?limit=100");
    expect(opened.body.notifications.map((n: { moment: string | null }) => n.moment)).toContain(null);

    // By mail: the queue runs now; the invitation is mailed alone, the round's burst once, all three in it.
    queue = await startQueue(db, { mail: mailWorker }, { pollSeconds: 0.5 });
    await until(() => received.filter((m) => m.to.includes("pat@example.test")).length >= 2, 30_000).catch(
      (e) => {
        throw new Error(
          `${(e as Error).message}: ${received.length} mails, ${JSON.stringify(received.map((m) => m.to))}`,
        );
      },
    );
    await new Promise((r) => setTimeout(r, 1_500)); // a second mail for the burst would have come by now
    const mails = received.filter((m) => m.to.includes("pat@example.test"));
    expect(mails).toHaveLength(2);
    const burst = mails.find((m) => plainText(m.raw).includes(`/councils/${id}`))!;
    expect(subjectOf(burst.raw)).toMatch(/^3 notifications — the latest: Your seat pat at/);
    const text = plainText(burst.raw);
    for (const n of notes) expect(text).toContain(n.text);

    // No raw ISO time in any notification's text: the rows, the API's entries, every mail.
    const all = await db.prisma.notification.findMany({ select: { text: true } });
    for (const n of all) expect(n.text).not.toMatch(ISO);
    for (const n of opened.body.notifications) expect(n.text).not.toMatch(ISO);
    for (const m of received) {
      expect(plainText(m.raw)).not.toMatch(ISO);
      expect(subjectOf(m.raw)).not.toMatch(ISO);
    }
  });
});
