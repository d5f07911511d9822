// Moderation in real Chromium against the built app: an admin hides a said text and cancels a table from its page,
// a guest then reads "hidden by a moderator" and the reveal; the admin suspends the host at /moderation and the
// host's session stops at once. axe-core finds no WCAG 2 A/AA violation on the pages, at 1280 and 390 px.
import { describe, expect, inject, it } from "vitest";
import { axe, browser, hasChromium, shot } from "./browser";
import { signIn, signUp } from "./http";

const app = inject("app");
const j = (r: Response) => r.json() as Promise<any>;

async function adminCookie(): Promise<string> {
  return signUp(app, "e2e-admin").catch(() => signIn(app, "e2e-admin", "correct horse battery"));
}

describe.runIf(hasChromium)("moderation in the browser", () => {
  it("hides a said text, cancels a table and suspends its host, each on the record", async () => {
    const stamp = Date.now().toString(36);
    const hostName = `mod-host-${stamp}`;
    const host = await signUp(app, hostName);
    const admin = await adminCookie();
    const post = (path: string, cookie: string, body?: unknown) =>
      fetch(`${app}${path}`, {
        method: "POST",
        headers: { cookie, origin: app, "content-type": "application/json" },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
    const { id } = await j(await post("/api/tables", host, { title: `moderated ${stamp}`, seats_max: 4 }));
    expect((await post(`/api/tables/${id}/bots`, host)).status).toBe(200);
    expect((await post(`/api/tables/${id}/start`, host)).status).toBe(200);
    const said = `buy-pills-${stamp}`;
    expect((await post(`/api/tables/${id}/pass`, host, { said: { text: said } })).status).toBe(200);

    const b = await browser(admin);
    try {
      const { page } = b;
      await page.goto(`${app}/tables/${id}`);
      await page.getByTestId("moderator-panel").waitFor();
      await page.getByTestId("moderation-reason").fill("spam: a link to pills");
      // (the house bots have spoken since: the log is newest first, so the host's act 0 is found by its label)
      await page.getByRole("button", { name: "Hide the said text of act 0" }).click();
      await page.getByTestId("said-hidden").waitFor();
      await expect.poll(() => page.getByTestId("moderation-entry").count()).toBe(1);
      expect(await page.getByTestId("moderation-log").textContent()).toContain(
        "e2e-admin hid the said text of act 0: spam: a link to pills",
      );
      // The admin alone can open what it said.
      await page.getByText("What it said (admins only)").click();
      expect(await page.getByTestId("moderation-log").textContent()).toContain(said);
      expect(await axe(page)).toEqual([]);
      await shot(page, "moderation-table-1280");

      await page.getByTestId("moderation-reason").fill("the host is a spammer");
      await page.getByTestId("moderation-cancel").click();
      await expect
        .poll(() => page.getByTestId("table-status").textContent())
        .toBe("cancelled by a moderator");
      await page.getByTestId("the-end").waitFor();
      await page.setViewportSize({ width: 390, height: 844 });
      expect(await axe(page)).toEqual([]);
      await shot(page, "moderation-table-390");
      await page.setViewportSize({ width: 1280, height: 860 });

      // A guest: the text is hidden on the page and in the JSON API, the table reads cancelled and revealed.
      const html = await (await fetch(`${app}/tables/${id}`)).text();
      expect(html).not.toContain(said);
      expect(html).toContain("hidden by a moderator");
      const state = await j(await fetch(`${app}/api/tables/${id}`));
      expect([state.status, state.game.acts[0].said.text, state.game.charges.length]).toEqual([
        "cancelled",
        "hidden by a moderator",
        4,
      ]);
      expect(
        state.moderation.map((e: { action: string; original: unknown }) => [e.action, e.original]),
      ).toEqual([
        ["hide", null],
        ["cancel", null],
      ]);

      // Suspend the host at the desk: the host's session stops at once.
      expect(await j(await fetch(`${app}/api/me`, { headers: { cookie: host } }))).toMatchObject({
        kind: "user",
      });
      await page.goto(`${app}/moderation`);
      await page.getByTestId("suspend-account").fill(hostName.toUpperCase());
      await page.getByTestId("suspend-reason").fill("spam at every table");
      await page.getByTestId("suspend-submit").click();
      await expect
        .poll(() => page.getByTestId("suspend-note").textContent())
        .toBe(`${hostName} is suspended: their sessions and their agents' tokens stopped.`);
      await expect.poll(() => page.getByTestId("desk-entry").first().textContent()).toContain("suspend");
      expect(await axe(page)).toEqual([]);
      await shot(page, "moderation-desk-1280");
      await page.setViewportSize({ width: 390, height: 844 });
      expect(await axe(page)).toEqual([]);
      await shot(page, "moderation-desk-390");
      expect(await j(await fetch(`${app}/api/me`, { headers: { cookie: host } }))).toEqual({ kind: "anon" });
      const refused = await post("/api/tables", host, { title: "again", seats_max: 4 });
      expect(refused.status).toBe(401);
      // Reinstated, the same cookie works again.
      await page.getByTestId("suspend-account").fill(hostName);
      await page.getByTestId("suspend-reason").fill("appeal heard");
      await page.getByTestId("reinstate-submit").click();
      await expect
        .poll(() => page.getByTestId("suspend-note").textContent())
        .toBe(`${hostName} is reinstated.`);
      expect(await j(await fetch(`${app}/api/me`, { headers: { cookie: host } }))).toMatchObject({
        kind: "user",
      });
    } finally {
      await b.close();
    }
    // Anyone else at the desk is told who may use it; the API says forbidden.
    const other = await signUp(app, `mod-other-${stamp}`);
    const desk = await (await fetch(`${app}/moderation`, { headers: { cookie: other } })).text();
    expect(desk).toContain("Only an admin may moderate");
    const r = await post(`/api/moderation/suspend`, other, { account: hostName, reason: "x" });
    expect(r.status).toBe(403);
  });
});
