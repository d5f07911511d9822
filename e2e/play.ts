// Playing Sworn & Said in Chromium as a person would: signing up, and playing one's seat to the end of a table.
import type { Page } from "playwright-core";
import { expect, inject } from "vitest";

const app = inject("app");

export async function signUpInBrowser(page: Page, name: string) {
  await page.goto(`${app}/signin`);
  await page.getByTestId("to-register").click();
  await page.getByLabel("Name").fill(name);
  await page.getByLabel("Password").fill("a long enough password");
  await page.getByTestId("signin-submit").click();
  await expect.poll(() => page.getByTestId("who-name").textContent()).toBe(name);
}

/** The acts so far: the newest one's place in the ledger, plus one (the log shows only the newest 30 at first). */
export async function actCount(page: Page): Promise<number> {
  const newest = page.getByTestId("act").first();
  return (await newest.count()) ? Number(await newest.getAttribute("data-index")) + 1 : 0;
}

export type Did = { offer: boolean; accept: boolean; citedOther: boolean; pass: boolean };

/** Plays the person's seat to the end: first a pass with a said claim, then an offer, then accepts when it can. */
export async function playToTheEnd(page: Page, did: Did, onTurn: (turn: number) => Promise<void>) {
  const mine = { offered: false, passed: false };
  for (let turn = 0; turn < 40; turn++) {
    if ((await page.getByTestId("table-view").getAttribute("data-status")) !== "playing") return;
    const ready = await page
      .getByTestId("your-turn")
      .and(page.locator("[data-your-turn]"))
      .or(page.getByTestId("the-end"))
      .first()
      .waitFor({ timeout: 15_000 })
      .then(() => page.locator("[data-your-turn]").count());
    // None: the end shows (the next turn of the loop sees it and returns), or the page moved on between the wait and
    // the count (a live update redrew the turn panel). Returning then left the person's next turn untaken, and the
    // table waited on them past the test's patience (a CI run: still "playing" 30 s later).
    if (!ready) continue;
    const before = await actCount(page);
    if (!mine.passed) {
      const words = "I can live with most things, but not this one.";
      await page.getByTestId("said-text").fill(words);
      expect(await page.getByTestId("said-count").textContent()).toBe(`${words.length}/280 characters`);
      await page.getByTestId("said-claim-add").click();
      await page.getByTestId("said-claim-setting").selectOption({ index: 1 });
      const claim = await page.getByTestId("said-claim-setting").inputValue();
      // A half-written turn survives a reload of the page.
      await page.reload();
      await page.locator("[data-your-turn]").waitFor({ timeout: 15_000 });
      await expect.poll(() => page.getByTestId("said-text").inputValue()).toBe(words);
      expect(await page.getByTestId("said-claim-setting").inputValue()).toBe(claim);
      await page.getByTestId("act-pass").click();
      mine.passed = did.pass = true;
    } else if (!mine.offered) {
      // my aims, and the first setting elsewhere
      const rows = page.getByTestId("turn-panel").getByTestId("charter-grid").locator("tr");
      for (let r = 0; r < (await rows.count()); r++) {
        const row = rows.nth(r);
        const aim = row.locator("button", { has: page.getByTestId("aim-mark") });
        await ((await aim.count()) ? aim.first() : row.locator("button").first()).click();
      }
      await page.getByTestId("act-offer").click();
      mine.offered = did.offer = true;
    } else if (await page.getByTestId("act-accept").isEnabled()) {
      const cite = page.getByTestId("cite");
      if ((await cite.count()) && (await cite.locator("option").count()) > 1) {
        await cite.selectOption({ index: 1 });
        did.citedOther = true;
      }
      await page.getByTestId("act-accept").click();
      did.accept = true;
    } else {
      await page.getByTestId("act-pass").click();
    }
    await expect.poll(() => actCount(page), { timeout: 15_000 }).toBeGreaterThan(before);
    await onTurn(turn);
  }
}
