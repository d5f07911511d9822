// Saying what the rules allow, in real Chromium against the built app (game.md §6, §12): a person makes an act carrying
// three claims and whispers two to another person at the table; the act log and the receiver show each claim. The list
// takes one claim per clause up to SAID_CLAIMS_MAX (the add button then says why not), works from the keyboard, keeps
// a half-written list through a reload, fits a phone, and passes axe; the said box holds SAID_MAX characters.
import type { Page } from "playwright-core";
import { describe, expect, inject, it } from "vitest";
import { SAID_CLAIMS_MAX, SAID_MAX } from "@/server/rules/game";
import { axe, browser, hasChromium, inTwoBrowsers, shot, shotsAndAxe } from "./browser";
import { signUpInBrowser, openTable } from "./play";

const app = inject("app");

const focused = (page: Page) => page.evaluate(() => document.activeElement?.id ?? "");
const said = (setting: string) => setting.replaceAll("_", " ");

/** The claims the list holds now, as the page will show them said ("beacon = kept"). */
async function listed(page: Page, id: string): Promise<string[]> {
  const rows = page.getByTestId(`${id}-claim`);
  const out: string[] = [];
  for (let i = 0; i < (await rows.count()); i++) {
    const clause = await rows.nth(i).getByTestId(`${id}-claim-clause`).inputValue();
    const setting = await rows.nth(i).getByTestId(`${id}-claim-setting`).inputValue();
    out.push(`${clause} = ${said(setting)}`);
  }
  return out;
}

describe.runIf(hasChromium)("claims on an act and in a whisper", () => {
  it("an act carries three claims and a whisper two; the log and the receiver show each", async () => {
    await inTwoBrowsers(async (host, other) => {
      const page = host.page;
      await signUpInBrowser(page, "Isla");
      await signUpInBrowser(other.page, "Tamsin");
      await openTable(page, "Many wants");
      // Tamsin sits second, then two house bots: Isla (seat 0) acts first.
      await other.page.goto(page.url());
      await other.page.getByTestId("lobby-join").click();
      await expect.poll(() => page.getByTestId("seat").count()).toBe(2);
      await page.getByTestId("lobby-fillWithBots").click();
      await expect.poll(() => page.getByTestId("seat").count()).toBe(4);
      await page.getByTestId("lobby-start").click();
      await page.locator("[data-your-turn]").waitFor({ timeout: 15_000 });

      // The said box holds SAID_MAX characters and counts them live; one more key adds nothing.
      const box = page.getByTestId("said-text");
      expect(await box.evaluate((e) => e.tagName)).toBe("TEXTAREA");
      expect(await box.getAttribute("maxlength")).toBe(String(SAID_MAX));
      await box.fill("x".repeat(SAID_MAX));
      await box.press("End");
      await box.press("y");
      expect(await box.inputValue()).toBe("x".repeat(SAID_MAX));
      expect(await page.getByTestId("said-count").textContent()).toBe(`${SAID_MAX}/${SAID_MAX} characters`);
      const words = "Three things matter to me, and I will say them all.";
      await box.fill(words);
      expect(await page.getByTestId("said-count").textContent()).toBe(
        `${words.length}/${SAID_MAX} characters`,
      );

      // From the keyboard: Enter on the add button makes a claim and lands on its clause.
      const add = page.getByTestId("said-claim-add");
      await add.focus();
      await page.keyboard.press("Enter");
      expect(await page.getByTestId("said-claim").count()).toBe(1);
      expect(await focused(page)).toBe("said-claim-0-clause");
      // Up to the limit: one claim per clause, each new one on a clause not yet claimed.
      const room = Math.min(
        SAID_CLAIMS_MAX,
        await page.getByTestId("said-claim-clause").first().locator("option").count(),
      );
      for (let n = 1; n < room; n++) await add.click();
      expect(await page.getByTestId("said-claim").count()).toBe(room);
      const clauses = (await listed(page, "said")).map((c) => c.split(" = ")[0]);
      expect(new Set(clauses).size).toBe(room);
      expect(await add.isDisabled()).toBe(true);
      expect(await page.getByTestId("said-claims-room").textContent()).toBe(
        `${room} of ${room}: the most an act may carry, one per clause.`,
      );
      expect(await add.getAttribute("aria-describedby")).toBe("said-claims-room");
      await shotsAndAxe(page, "claims-full");
      await page.setViewportSize({ width: 390, height: 860 });
      await page.getByTestId("said-claims").screenshot({ path: "e2e/screenshots/claims-full-list-390.png" });
      await page.setViewportSize({ width: 1280, height: 860 });
      // Remove from the keyboard down to three: the focus stays in the list.
      for (let n = room; n > 3; n--) {
        await page.getByTestId("said-claim-remove").nth(3).focus();
        await page.keyboard.press("Space");
        expect(await page.getByTestId("said-claim").count()).toBe(n - 1);
        expect(await focused(page)).toBe(n - 1 > 3 ? "said-claim-3-remove" : "said-claim-add");
      }
      expect(await add.isEnabled()).toBe(true);
      // Choose: the second claim moves to the charter's last clause, which the other two cannot then name.
      const rows = page.getByTestId("said-claim");
      const last = clauses.at(-1)!;
      await rows.nth(1).getByTestId("said-claim-clause").selectOption(last);
      for (const i of [0, 2])
        expect(
          await rows.nth(i).getByTestId("said-claim-clause").locator(`option[value="${last}"]`).count(),
        ).toBe(0);
      for (let i = 0; i < 3; i++) {
        const setting = rows.nth(i).getByTestId("said-claim-setting");
        await setting.selectOption({ index: (await setting.locator("option").count()) - 1 });
      }
      const three = await listed(page, "said");
      expect(three).toHaveLength(3);
      // A half-written act (its three claims too) survives a reload.
      await page.reload();
      await page.locator("[data-your-turn]").waitFor({ timeout: 15_000 });
      await expect.poll(() => listed(page, "said")).toEqual(three);
      expect(await box.inputValue()).toBe(words);

      // The turn panel with three claims, at a desktop and a phone width; no sideways scroll, no axe violation.
      const panel = page.getByTestId("your-turn");
      for (const width of [1280, 390]) {
        await page.setViewportSize({ width, height: 860 });
        await panel.scrollIntoViewIfNeeded();
        await panel.screenshot({ path: `e2e/screenshots/claims-turn-${width}.png` });
        for (const row of await rows.all()) {
          const b = (await row.boundingBox())!;
          const p = (await panel.boundingBox())!;
          expect(b.x + b.width, `a claim's row at ${width}px`).toBeLessThanOrEqual(p.x + p.width);
        }
      }
      await shotsAndAxe(page, "claims-three");

      // The pass carries the text and the three claims: the log names each, and so does the said panel.
      await page.getByTestId("act-pass").click();
      const mine = page.locator('[data-testid="act"][data-index="0"]');
      await expect.poll(() => mine.getByTestId("act-claim").count(), { timeout: 15_000 }).toBe(3);
      expect(
        (await mine.getByTestId("act-claim").allTextContents()).map((t) => t.replace(/^, /, "")),
      ).toEqual(three);
      expect(await mine.textContent()).toContain(words);
      const claimed = await page
        .getByTestId("said")
        .locator("li")
        .filter({ hasText: "Isla" })
        .allTextContents();
      for (const c of three) expect(claimed.some((l) => l.endsWith(c))).toBe(true);
      expect(await page.getByTestId("said-claim").count()).toBe(0); // sent: the list is empty again
      // Tamsin's page shows the same three, live.
      await expect
        .poll(
          () => other.page.locator('[data-testid="act"][data-index="0"]').getByTestId("act-claim").count(),
          {
            timeout: 15_000,
          },
        )
        .toBe(3);

      // A whisper to Tamsin with two claims: the form open, it passes axe; Tamsin reads both.
      await page.getByTestId("whisper-with-1").click();
      await page.getByTestId("whisper-text").fill("Between us two.");
      await page.getByTestId("whisper-claim-add").click();
      await page.getByTestId("whisper-claim-add").click();
      const wrows = page.getByTestId("whisper-claim");
      await wrows.nth(1).getByTestId("whisper-claim-setting").selectOption({ index: 1 });
      const two = await listed(page, "whisper");
      expect(two).toHaveLength(2);
      await page.getByTestId("whispers-card").scrollIntoViewIfNeeded();
      await shot(page, "claims-whisper-form");
      expect(await axe(page), "the whisper form with two claims").toEqual([]);
      await page.getByTestId("whisper-send").click();
      const thread = page.getByTestId("whisper-thread");
      await expect.poll(() => thread.getByTestId("whisper").count(), { timeout: 10_000 }).toBe(1);
      expect(await page.getByTestId("whisper-claim").count()).toBe(0);

      const theirs = other.page.getByTestId("whisper-thread").getByTestId("whisper");
      await expect.poll(() => theirs.count(), { timeout: 15_000 }).toBe(1);
      const got = await theirs.getByTestId("whispered-claim").allTextContents();
      expect(got).toEqual(two.map((c) => `claimwants ${c}`));
      expect(await theirs.textContent()).toContain("Between us two.");
      await other.page.getByTestId("whispers-card").scrollIntoViewIfNeeded();
      await shot(other.page, "claims-whisper-received");
      expect(await axe(other.page), "the receiver's whispers").toEqual([]);
    });
  });

  it("the style guide's turn panel shows its three claims, fitting a phone and a desktop", async () => {
    const { page, close } = await browser();
    try {
      await page.goto(`${app}/style`);
      const panel = page.getByTestId("turn-panel");
      await expect
        .poll(() => listed(page, "said"))
        .toEqual(["beacon = kept", "pilot = reinstated", "salvage = to the owners"]);
      for (const width of [1280, 390]) {
        await page.setViewportSize({ width, height: 860 });
        await panel.scrollIntoViewIfNeeded();
        await panel.screenshot({ path: `e2e/screenshots/claims-style-${width}.png` });
        const p = (await panel.boundingBox())!;
        // Each chosen setting reads whole: its text (as the select's font draws it) fits inside the select, less its
        // padding and the arrow's room.
        const clipped = await page.evaluate(() => {
          const ctx = document.createElement("canvas").getContext("2d")!;
          return [
            ...document.querySelectorAll<HTMLSelectElement>('[data-testid="said-claim-setting"]'),
          ].flatMap((s) => {
            const css = getComputedStyle(s);
            ctx.font = css.font;
            const text = ctx.measureText(s.selectedOptions[0]!.text).width;
            const room = s.clientWidth - parseFloat(css.paddingLeft) - parseFloat(css.paddingRight) - 20;
            return text <= room ? [] : [`${s.value}: ${Math.round(text)} in ${Math.round(room)}`];
          });
        });
        expect(clipped, `settings cut short at ${width}px`).toEqual([]);
        for (const row of await page.getByTestId("said-claim").all()) {
          const b = (await row.boundingBox())!;
          expect(b.x + b.width, `a claim's row at ${width}px`).toBeLessThanOrEqual(p.x + p.width);
        }
      }
    } finally {
      await close();
    }
  });
});
