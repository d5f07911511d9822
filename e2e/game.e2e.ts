// Sworn & Said in real Chromium against the built app: a person plays a whole game against house bots while a
// guest watches live and never sees a charge; an agent plays a whole game over MCP with its token.
import { describe, expect, inject, it } from "vitest";
import { hasChromium, inTwoBrowsers, shot, shotsAndAxe } from "./browser";
import { signUp } from "./http";
import {
  actCount,
  endAsModerator,
  playToTheEnd,
  playUntilBound,
  signUpInBrowser,
  type Did,
  openTable,
} from "./play";
import { mcpAs, toolsOf } from "./mcp";

const app = inject("app");

describe.runIf(hasChromium)("a person at a table of house bots, watched by a guest", () => {
  it("opens, fills with bots, plays (offer, accept with a cite, pass with a said claim) and sees the reveal", async () => {
    await inTwoBrowsers(async (player, guest) => {
      const page = player.page;
      await signUpInBrowser(page, "Marin");
      const did: Did = { offer: false, accept: false, citedOther: false, pass: false };
      // Deals are random: play tables until every act was taken. The house bots hold out on the table's clock (a game
      // against them lasts hours), so once the person has taken each act, or its turns run out, a moderator ends the
      // table and the reveal follows as at any end.
      for (let game = 0; game < 4 && !(did.offer && did.accept && did.pass); game++) {
        const url = await openTable(page, `Salvage rights ${game + 1}`);
        await page.getByTestId("lobby-fillWithBots").click();
        await expect.poll(() => page.getByTestId("seat").count()).toBe(4);
        if (game === 0) await shot(page, "game-table-open");

        // the guest watches from the start
        await guest.page.goto(url);
        await expect.poll(() => guest.page.getByTestId("table-status").textContent()).toContain("open");

        await page.getByTestId("lobby-start").click();
        await expect.poll(() => page.getByTestId("table-view").getAttribute("data-status")).toBe("playing");
        await expect
          .poll(() => guest.page.getByTestId("table-view").getAttribute("data-status"), { timeout: 10_000 })
          .toBe("playing");
        expect(await page.locator('[data-testid="your-charge"]:visible').count()).toBe(1);
        expect(await page.getByTestId("aim-mark").count()).toBeGreaterThanOrEqual(3);
        if (game === 0) {
          // On a phone your charge and your turn come before the charter and the log, one card each.
          await page.setViewportSize({ width: 390, height: 844 });
          const top = async (sel: string) => (await page.locator(sel).first().boundingBox())?.y ?? Infinity;
          const charge = await top('[data-testid="your-charge"]:visible');
          const turn = await top('[data-testid="your-turn"]');
          const charter = await top('[data-testid="charter-grid"]:visible');
          expect(charge).toBeLessThan(turn);
          expect(turn).toBeLessThan(charter);
          expect(charge).toBeLessThan(844);
          expect(await page.locator('[data-testid="your-charge"]:visible').count()).toBe(1);
          await shot(page, "game-playing-390");
          await page.setViewportSize({ width: 1280, height: 860 });
        }

        await playToTheEnd(
          page,
          did,
          async (turn) => {
            if (turn !== 1) return;
            if (game === 0) await shot(page, "game-playing");
            // the guest's page moved without a reload, and shows no charge
            await expect.poll(() => actCount(guest.page), { timeout: 10_000 }).toBeGreaterThan(0);
            expect(await guest.page.getByTestId("your-charge").count()).toBe(0);
            expect(await guest.page.getByTestId("your-turn").count()).toBe(0);
            if ((await guest.page.getByTestId("table-view").getAttribute("data-status")) === "playing")
              expect(await guest.page.getByTestId("aim-mark").count()).toBe(0);
            if (game === 0) await shot(guest.page, "game-guest-watching");
          },
          { untilEachAct: true },
        );
        await endAsModerator(Number(url.split("/").at(-1)));
        await expect
          .poll(() => page.getByTestId("table-view").getAttribute("data-status"), { timeout: 30_000 })
          .toMatch(/bound|ended|cancelled/);
        await page.getByTestId("reveal").waitFor();
        expect(await page.getByTestId("reveal").locator("> div").count()).toBe(4);
        // The log tells the story: offers say what they changed, in both views; the clock's passes say so. A long
        // game shows its newest acts until asked for the earlier ones.
        const all = page.getByTestId("act-log-all");
        if (await all.count()) {
          await all.click();
          expect(await all.getAttribute("aria-expanded")).toBe("true");
        }
        const firstOffer = page.locator('[data-testid="act"][data-type="offer"]').last();
        expect(await firstOffer.textContent()).toMatch(/offered the first accord: \w+ = /);
        await page.getByTestId("act-log-full").click();
        expect(await page.locator('[data-testid="act"][data-type="offer"]').first().textContent()).toMatch(
          /offered (an|the first) accord: \w+ = /,
        );
        await page.getByTestId("act-log-compact").click();
        // the guest saw it all arrive, charges only now
        await guest.page.getByTestId("reveal").waitFor({ timeout: 10_000 });
        expect(
          await guest.page
            .getByTestId("said-mark")
            .filter({ hasText: /true|false/ })
            .count(),
        ).toBeGreaterThan(0);
      }
      expect(did).toMatchObject({ offer: true, accept: true, pass: true });
      await shot(page, "game-reveal");
      await shot(guest.page, "game-guest-reveal");

      // The picture of a bound table's end (the demo's worked example): one bar per seat, its payoff against its
      // fallback in words beside it.
      const tables = (await (await fetch(`${app}/api/tables`)).json()) as {
        tables: { id: number; title: string }[];
      };
      const worked = tables.tables.find((t) => t.title.startsWith("The worked example"))!;
      await guest.page.goto(`${app}/tables/${worked.id}`);
      await guest.page.getByTestId("the-end").waitFor();
      expect(await guest.page.getByTestId("payoff-numbers").count()).toBe(5);
      expect(await guest.page.getByTestId("payoff-numbers").first().textContent()).toMatch(
        /^\d+ vs \d+ \([+-]?\d+\)$/,
      );

      // verify the deal: seed vs commitment
      await page.getByTestId("verify-link").click();
      await page.getByTestId("verify").waitFor();
      expect(await page.getByText("differs").count()).toBe(0);
      expect(await page.getByText("matches").count()).toBe(3);
      await shot(page, "game-verify");

      // The arena counts tables that bound or ended (not a cancelled one): Marin plays more over the JSON API, giving the
      // bots what they said they want, until one binds.
      const session = (await player.context.cookies()).find((c) =>
        c.name.startsWith("authjs.session-token"),
      )!;
      await playUntilBound(`${session.name}=${session.value}`, "Salvage rights, again");
      // The arena counts the finished tables: Marin, and the house's three characters, with honesty.
      await page.goto(`${app}/tables`);
      await page.getByTestId("arena-link").click();
      await page.waitForURL(/\/arena$/);
      const rows = page.getByTestId("arena-row");
      expect(await rows.filter({ hasText: "Marin" }).count()).toBe(1);
      for (const character of ["cooperative", "hard", "bluffer"])
        expect(await rows.filter({ hasText: character }).count(), character).toBe(1);
      expect(await page.getByTestId("arena-chart").locator("li").count()).toBe(await rows.count());
      // Each row has its rating ± its uncertainty, and the chart draws an interval for each player (§16).
      for (const rating of await page.getByTestId("arena-rating").allTextContents())
        expect(rating).toMatch(/^\d+\.\d ± \d+\.\d$/);
      expect(await page.getByTestId("arena-interval").count()).toBe(await rows.count());
      await shotsAndAxe(page, "arena");
      // Marin's profile: the tables Marin played, each with its payoff; no axe violation at either width.
      await rows.filter({ hasText: "Marin" }).getByTestId("arena-player-link").click();
      await page.getByTestId("arena-player").waitFor();
      expect(await page.getByTestId("arena-player-table").count()).toBeGreaterThanOrEqual(1);
      expect(await page.getByTestId("arena-player-standing").textContent()).toMatch(/Seats\d+ \(\d+ bound\)/);
      expect(await page.getByTestId("arena-player-rating").textContent()).toMatch(/^\d+\.\d ± \d+\.\d$/);
      expect(await page.getByTestId("arena-player-interval").textContent()).toMatch(/ to |no interval/);
      await shotsAndAxe(page, "arena-player");
    });
  }, 300_000);
});

describe("an agent at the table over MCP", () => {
  it("joins with its token and plays its turns until the table ends", async () => {
    const owner = await signUp(app, "agent-owner");
    const created = await fetch(`${app}/api/agents`, {
      method: "POST",
      headers: { cookie: owner, origin: app, "content-type": "application/json" },
      body: JSON.stringify({ name: "mcp-player" }),
    });
    const { token } = (await created.json()) as { token: string };
    // Another person hosts: one identity per person at a table, so the owner could not sit beside their agent.
    const cookie = await signUp(app, "agent-host");
    const opened = await fetch(`${app}/api/tables`, {
      method: "POST",
      headers: { cookie, origin: app, "content-type": "application/json" },
      body: JSON.stringify({ title: "An agent sits down", seats_max: 4 }),
    });
    const { id } = (await opened.json()) as { id: number };

    const client = await mcpAs(app, token);
    const call = toolsOf(client).answer;
    expect((await call("join_table", { table_id: id })).json).toMatchObject({ seat: 1 });
    const bad = await call("offer", { table_id: id, accord: "everything" });
    expect(bad.isError).toBe(true);
    expect(bad.text).toMatch(/accord/);
    // the host (a person) fills the other seats with bots and starts
    expect(
      (await fetch(`${app}/api/tables/${id}/bots`, { method: "POST", headers: { cookie, origin: app } }))
        .status,
    ).toBe(200);
    expect(
      (await fetch(`${app}/api/tables/${id}/start`, { method: "POST", headers: { cookie, origin: app } }))
        .status,
    ).toBe(200);

    let finished: any = null;
    let waits = 0;
    let turns = 0;
    for (let i = 0; i < 200 && !finished; i++) {
      const t = (await call("table_state", { table_id: id })).json;
      if (t.status === "bound" || t.status === "ended" || t.status === "cancelled") {
        finished = t;
        break;
      }
      // The house bots hold out on the table's clock (hours): after a dozen of its turns a moderator ends the table.
      if (turns >= 12) {
        await endAsModerator(id);
        continue;
      }
      if (t.game.turn === 0) {
        // the host, a person at seat 1, accepts what it can over the JSON API, else passes, so the game goes on
        const accepted = await fetch(`${app}/api/tables/${id}/accept`, {
          method: "POST",
          headers: { cookie, origin: app },
        });
        if (accepted.status !== 200)
          await fetch(`${app}/api/tables/${id}/pass`, { method: "POST", headers: { cookie, origin: app } });
        continue;
      }
      if (t.game.turn !== t.your_seat) {
        waits++;
        await call("wait_for_turn", { table_id: id, timeout_ms: 2000 });
        continue;
      }
      turns++;
      const may = t.game.may;
      if (may.accept === true)
        expect((await call("accept", { table_id: id, cite: may.cite[0] })).isError).toBe(false);
      else if (!t.game.standing_offer) {
        const accord = Object.fromEntries(
          t.game.charter.map((c: string) => [
            c,
            t.game.charge.aims.find((a: any) => a.clause === c)?.setting ?? t.settings[c][0],
          ]),
        );
        expect((await call("offer", { table_id: id, accord })).isError).toBe(false);
      } else expect((await call("pass", { table_id: id, said: { text: "thinking" } })).isError).toBe(false);
    }
    expect(finished?.status).toMatch(/bound|ended|cancelled/);
    expect(finished.game.charges).toHaveLength(4);
    expect(waits).toBeLessThan(200);
    const record = await fetch(`${app}/api/tables/${id}/record`);
    expect(((await record.json()) as { seats: string[] }).seats).toContain("mcp-player");
    await client.close();
  });
});
