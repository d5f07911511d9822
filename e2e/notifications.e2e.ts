// Told when it is your move, in real Chromium: two people at one table in two browsers; the seat whose turn comes
// sees the bell's count and the tab's title change without a reload, finds "your turn" in the lobby, opens
// /notifications from the bell, follows a notification to its table and marks all read. Axe and shots at 1280 and
// 390 px.
import fs from "node:fs";
import path from "node:path";
import { describe, expect, inject, it } from "vitest";
import { browser, hasChromium, problemsOf, shot, shotsAndAxe } from "./browser";
import { BURST_MS } from "@/server/rules/notifications";
import { asPerson, signUp } from "./http";

const app = inject("app");
const call = asPerson(app);
const maildir = inject("maildir");

/** The mails the test SMTP server received for `to`, oldest first, quoted-printable decoded. */
function mailsTo(to: string): string[] {
  const qp = (raw: string) =>
    Buffer.from(
      raw
        .replace(/=\r?\n/g, "")
        .replace(/=([0-9A-F]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16))),
      "latin1",
    ).toString("utf8");
  return fs
    .readdirSync(maildir)
    .sort()
    .map((f) => fs.readFileSync(path.join(maildir, f), "utf8"))
    .filter((m) => m.startsWith(`X-Envelope-To: ${to}`))
    .map(qp);
}

describe.runIf(hasChromium)("notifications in the browser", () => {
  // Notes about one table within BURST_MS of the first are one burst (notifications.md): one entry, counted once, and
  // one mail when the burst closes. "Started" and "your turn" a moment apart are always one entry.
  it(
    "the seat whose turn comes sees the bell and the title change live, and reads it on /notifications",
    { timeout: 420_000 },
    async () => {
      const stamp = Date.now().toString(36);
      const ana = await signUp(app, `nt-ana-${stamp}`);
      const bo = await signUp(app, `nt-bo-${stamp}`);
      const t = await call("POST", "/api/tables", ana, { title: "Harbour notice", seats_max: 4 });
      expect(t.status).toBe(201);
      const id = t.body.id as number;
      expect((await call("POST", `/api/tables/${id}/join`, bo)).status).toBe(200);
      expect((await call("POST", `/api/tables/${id}/bots`, ana)).status).toBe(200);

      const a = await browser(ana);
      const b = await browser(bo);
      const problems = [...problemsOf(a.page), ...problemsOf(b.page)];
      try {
        await a.page.goto(`${app}/tables/${id}`);
        await b.page.goto(`${app}/tables/${id}`);
        await expect
          .poll(() => b.page.getByTestId("bell").getAttribute("aria-label"))
          .toBe("Notifications: none unread");

        // bo gives an address on /notifications; it is theirs once the link mailed to it is followed
        const address = `bo-${stamp}@example.test`;
        await b.page.goto(`${app}/notifications`);
        await b.page.getByLabel("Your address").fill(address);
        await b.page.getByTestId("request-email").click();
        await expect.poll(() => mailsTo(address).length, { timeout: 15_000 }).toBe(1);
        const confirm = /http:\/\/127\.0\.0\.1:3210\/email\/confirm\?[^\s"<]+/.exec(mailsTo(address)[0]!)![0];
        await b.page.goto(confirm.replaceAll("&amp;", "&"));
        await b.page.getByTestId("confirm-email").click();
        await expect
          .poll(() => b.page.getByRole("status").textContent())
          .toBe(`Confirmed: notifications are mailed to ${address} now.`);
        await b.page.goto(`${app}/tables/${id}`);

        // The host starts: both are told, and the host's tab says it is their turn.
        expect((await call("POST", `/api/tables/${id}/start`, ana)).status).toBe(200);
        await expect.poll(() => a.page.title(), { timeout: 8_000 }).toMatch(/^\(1\) Your turn · /);
        await expect.poll(() => b.page.getByTestId("bell-count").textContent(), { timeout: 8_000 }).toBe("1");
        expect(await b.page.title()).toMatch(/^\(1\) (?!Your turn)/);

        // The host passes: bo's turn comes, and bo's tab shows it without a reload.
        const s = await call("GET", `/api/tables/${id}`, ana);
        expect(s.body.game.turn).toBe(s.body.your_seat);
        expect(
          (await call("POST", `/api/tables/${id}/pass`, ana, { said: { text: "over to you" } })).status,
        ).toBe(200);
        await expect.poll(() => b.page.title(), { timeout: 8_000 }).toMatch(/^\(1\) Your turn · /);
        expect(await b.page.getByTestId("bell-count").textContent()).toBe("1");
        await shot(b.page, "notifications-table-your-turn-1280");
        // …and the mail arrives in the test SMTP server, with the link to the table
        await expect
          .poll(() => mailsTo(address).find((m) => m.includes("Your turn at “Harbour notice”.")), {
            timeout: BURST_MS + 30_000, // mailed when the burst's window closes
            interval: 1_000,
          })
          .toContain(`http://127.0.0.1:3210/tables/${id}`);
        // one mail for the burst, both notes in it (the first mail is the address's confirmation)
        const mails = mailsTo(address);
        expect(mails).toHaveLength(2);
        expect(mails[1]).toContain("“Harbour notice” has started");
        // the host's turn is gone from its title; its count stays (nothing was read)
        await expect.poll(() => a.page.title(), { timeout: 8_000 }).toMatch(/^\(1\) (?!Your turn)/);

        // The lobby marks the table "your turn" in Your tables.
        await b.page.goto(`${app}/tables`);
        const yours = b.page.getByTestId("lobby-your-tables");
        await expect.poll(() => yours.getByTestId("your-turn").count()).toBe(1);

        // From the bell to /notifications: newest first, each linking to its place.
        await b.page.getByTestId("bell").click();
        await b.page.waitForURL(`${app}/notifications`);
        const rows = b.page.getByTestId("notification");
        await expect.poll(() => rows.count()).toBe(1);
        expect(await rows.nth(0).textContent()).toContain("Your turn at “Harbour notice”.");
        expect(await rows.nth(0).getByTestId("notification-count").textContent()).toBe("and 1 more about it");
        // The burst opens from the keyboard to show every note of it, oldest first, each with its time in words.
        const burst = rows.nth(0).getByTestId("notification-burst");
        const notes = burst.getByTestId("notification-note");
        expect(await notes.first().isVisible()).toBe(false);
        await rows.nth(0).getByTestId("notification-count").focus();
        await b.page.keyboard.press("Enter");
        await expect.poll(() => burst.evaluate((d) => (d as HTMLDetailsElement).open)).toBe(true);
        const said = await notes.allTextContents();
        expect(said).toHaveLength(2);
        expect(said[0]).toMatch(/^“Harbour notice” has started.* · (just now|\d+[smhd] ago)$/);
        expect(said[1]).toMatch(/^Your turn at “Harbour notice”\. · (just now|\d+[smhd] ago)$/);
        expect(await b.page.getByTestId("unread-count").textContent()).toBe("1 unread");
        await shotsAndAxe(b.page, "notifications");

        // Following one marks it read and lands on the table.
        await rows.nth(0).getByRole("link").click();
        await b.page.waitForURL(`${app}/tables/${id}`);
        await expect.poll(() => b.page.getByTestId("bell-count").count(), { timeout: 8_000 }).toBe(0);
        await b.page.goto(`${app}/notifications`);
        await expect.poll(() => b.page.getByTestId("unread-count").textContent()).toBe("Nothing unread.");
        await expect.poll(() => b.page.getByTestId("bell-count").count()).toBe(0);
        expect(await b.page.title()).toBe("Notifications · Parley");
        await shot(b.page, "notifications-read-1280");
        expect(problems).toEqual([]);
      } finally {
        await a.close();
        await b.close();
      }
    },
  );

  it("a guest is sent to sign in", async () => {
    const { page, close } = await browser();
    try {
      await page.goto(`${app}/notifications`);
      await page.waitForURL(/\/signin\?to=/);
    } finally {
      await close();
    }
  });
});
