// Whispers and a model player in real Chromium against the built app (game.md §12, §13): the host seats a scripted
// model player beside two house bots; the person whispers with the model (it answers on its turn, asked through the
// job queue) and with both bots (they answer at once, in character); a guest watching sees that whispers happen but
// never what they say; a moderator ends the table (the bots hold out on its clock for hours); the reveal publishes and
// judges every whisper, and the record carries them.
import { describe, expect, inject, it } from "vitest";
import { MODEL_BUDGET_DEFAULTS } from "@/server/souls";
import { axe, hasChromium, inTwoBrowsers, shot } from "./browser";
import { endAsModerator, playToTheEnd, signUpInBrowser, type Did, openTable } from "./play";

const app = inject("app");

describe.runIf(hasChromium)("whispers at a table of house bots, watched by a guest", () => {
  it("a person whispers with a model player and two bots; the guest sees them sealed; the reveal judges them", async () => {
    await inTwoBrowsers(async (player, guest) => {
      const page = player.page;
      await signUpInBrowser(page, "Wren");
      const url = await openTable(page, "Words in private");
      const id = Number(url.split("/").at(-1));
      // The seat form says what the server's keys allow before anything is spent: the default, the cap, the day's.
      const n = (t: number) => `${t.toLocaleString("en-US")} tokens`;
      const note = (await page.getByTestId("model-budget-note").textContent())!.replace(/\s+/g, " ");
      expect(note).toContain(`${n(MODEL_BUDGET_DEFAULTS.tableTokens)} unless you set one`);
      expect(note).toContain(`at most ${n(MODEL_BUDGET_DEFAULTS.maxTableTokens)} (the server's cap)`);
      expect(note).toContain(`at most ${n(MODEL_BUDGET_DEFAULTS.dayTokens)} a day on all model calls`);
      // The host seats a scripted model player (seat 2), then two house bots.
      await page.getByTestId("model-provider").selectOption("scripted");
      await page.getByTestId("model-seat-submit").click();
      await expect.poll(() => page.getByTestId("seat").count()).toBe(2);
      expect(await page.getByTestId("model-badge").textContent()).toBe("model · scripted");
      await page.getByTestId("lobby-fillWithBots").click();
      await expect.poll(() => page.getByTestId("seat").count()).toBe(4);
      await guest.page.goto(url);
      await page.getByTestId("lobby-start").click();
      await expect.poll(() => page.getByTestId("table-view").getAttribute("data-status")).toBe("playing");
      const thread = page.getByTestId("whisper-thread");
      // Choose whom to whisper with, and see the choice taken: a click while the page moves under it (the turn panel
      // after a pass) once left the previous thread open.
      const withSeat = async (seat: number) => {
        const button = page.getByTestId(`whisper-with-${seat}`);
        for (let i = 0; i < 5 && (await button.getAttribute("aria-pressed")) !== "true"; i++) {
          await button.click();
          await page.waitForTimeout(i ? 200 : 0);
        }
        expect(await button.getAttribute("aria-pressed")).toBe("true");
      };

      // To the model: it answers on its own turn.
      await withSeat(1);
      await page.getByTestId("whisper-text").fill("What would you settle for?");
      await page.getByTestId("whisper-send").click();
      await expect.poll(() => thread.getByTestId("whisper").count(), { timeout: 10_000 }).toBe(1);

      // To the first bot (seat 3: Bosun, cooperative): text and a claim; its answer arrives in the thread.
      const words = "Between us, I can live without the beacon.";
      expect(await page.getByTestId("whisper-send").isDisabled()).toBe(true);
      expect(await page.getByTestId("whispers").textContent()).toContain("Write something or name a claim");
      await withSeat(2);
      await page.getByTestId("whisper-text").fill(words);
      await page.getByTestId("whisper-claim-add").click();
      await page.getByTestId("whisper-claim-setting").selectOption({ index: 1 });
      await page.getByTestId("whisper-send").click();
      await expect.poll(() => thread.getByTestId("whisper").count(), { timeout: 10_000 }).toBe(2);
      expect(await thread.textContent()).toContain(words);
      expect(await thread.textContent()).toContain("Happy to talk");
      expect(await page.getByTestId("whisper-count").textContent()).toContain("22 of 24 whispers left");
      // And to the bluffer (seat 4: Gull).
      await withSeat(3);
      expect(await thread.getByTestId("whisper").count()).toBe(0);
      await page.getByTestId("whisper-text").fill("What do you need?");
      await page.getByTestId("whisper-send").click();
      await expect.poll(() => thread.getByTestId("whisper").count(), { timeout: 10_000 }).toBe(2);
      expect(await thread.textContent()).toContain("Just between us");

      // The person passes; the model's turn comes, the queue asks it, and it acts and answers the whisper.
      await page.locator("[data-your-turn]").waitFor({ timeout: 15_000 });
      await page.getByTestId("act-pass").click();
      await withSeat(1);
      await expect
        .poll(() => thread.textContent(), { timeout: 20_000 })
        .toContain("Noted. Here is what I am after.");
      expect(await thread.getByTestId("whisper").count()).toBe(2);
      await expect.poll(() => page.getByTestId("act").count(), { timeout: 20_000 }).toBeGreaterThan(1);
      // Seated with no budget, the table has the server's default (PARLEY_MODEL_BUDGET_TOKENS, unset here).
      expect(await page.getByTestId("model-usage").textContent()).toContain(
        `Budget: ${MODEL_BUDGET_DEFAULTS.tableTokens.toLocaleString("en-US")} tokens`,
      );
      // The "Model calls" box: cost and latency in their own cells; a scripted reply's cost is known, and nothing.
      const usage = page.getByTestId("model-usage");
      expect(await usage.getByTestId("model-usage-cost").allTextContents()).toEqual(["$0.0000"]);
      expect(await usage.getByTestId("model-usage-latency").first().textContent()).toMatch(/^[\d,]+ ms$/);
      await usage.scrollIntoViewIfNeeded();
      await usage.screenshot({ path: "e2e/screenshots/model-calls-1280.png" });
      await page.getByTestId("whispers-card").scrollIntoViewIfNeeded();
      await shot(page, "whispers-1280");
      await page.setViewportSize({ width: 390, height: 844 });
      await page.getByTestId("whispers-card").scrollIntoViewIfNeeded();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      await shot(page, "whispers-390");
      await usage.scrollIntoViewIfNeeded();
      const box = (await usage.boundingBox())!;
      expect(box.x + box.width).toBeLessThanOrEqual(390);
      await usage.screenshot({ path: "e2e/screenshots/model-calls-390.png" });
      expect(await axe(page), "whispers at 390 px").toEqual([]);
      await page.setViewportSize({ width: 1280, height: 860 });
      expect(await axe(page), "whispers at 1280 px").toEqual([]);

      // The guest sees six whispers happened — who to whom — and nothing of what they said.
      await guest.page.reload();
      const sealed = guest.page.getByTestId("whispers").getByTestId("whisper");
      await expect.poll(() => sealed.count(), { timeout: 10_000 }).toBe(6);
      expect(await guest.page.locator('[data-testid="whisper"][data-sealed]').count()).toBe(6);
      const seen =
        (await guest.page.content()) + JSON.stringify(await (await fetch(`${app}/api/tables/${id}`)).json());
      for (const secret of [words, "Happy to talk", "Just between us", "What do you need?", "Noted. Here is"])
        expect(seen, secret).not.toContain(secret);
      expect(await guest.page.getByTestId("whisper-send").count()).toBe(0);
      expect(await axe(guest.page), "guest's whispers").toEqual([]);
      await guest.page.getByTestId("whispers-card").scrollIntoViewIfNeeded();
      await shot(guest.page, "whispers-guest-sealed");

      // Play a few turns (a pass with a claim, an offer, an accept if one is open), then end the table: the house bots
      // hold out for hours, so a moderator ends it. At the reveal everyone reads every whisper, each claim judged.
      const did: Did = { offer: false, accept: false, citedOther: false, pass: false };
      await playToTheEnd(page, did, async () => {}, { turns: 3 });
      await endAsModerator(id);
      await expect
        .poll(() => page.getByTestId("table-view").getAttribute("data-status"), { timeout: 15_000 })
        .toMatch(/bound|ended|cancelled/);
      await expect
        .poll(() => guest.page.locator('[data-testid="whisper"][data-sealed]').count(), { timeout: 10_000 })
        .toBe(0);
      expect(await guest.page.getByTestId("whispers").textContent()).toContain(words);
      const marks = await guest.page.getByTestId("whisper-mark").allTextContents();
      expect(marks.length).toBeGreaterThanOrEqual(4); // the person's claim, the model's and the bots' (2 + 1 at least)
      expect(marks.every((m) => m === "true" || m === "false")).toBe(true);
      await guest.page.getByTestId("whispers-card").scrollIntoViewIfNeeded();
      await shot(guest.page, "whispers-revealed");
      const record = await (await fetch(`${app}/api/tables/${id}/record`)).json();
      expect(record.whispers).toHaveLength(6);
      expect(record.whispers[0]).toMatchObject({ from: 0, to: 1, text: "What would you settle for?" });
      expect(record.whispers[1]).toMatchObject({ from: 0, to: 2, text: words });
      expect(record.whispers.filter((w: { from: number }) => w.from === 1)).toHaveLength(1);
      // (The arena ranks the model player, its whispered claims in its honesty, once a table binds or ends: a cancelled
      // one is not counted, so server/actions/game/arena.test.ts holds that on a table played to its deadline.)
    });
  });
});
