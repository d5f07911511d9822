// Playing Sworn & Said in Chromium as a person would: signing up, and playing one's seat to the end of a table.
import type { Page } from "playwright-core";
import { expect, inject } from "vitest";
import { signIn, signUp } from "./http";

const app = inject("app");

export async function signUpInBrowser(page: Page, name: string) {
  await page.goto(`${app}/signin`);
  await page.getByTestId("to-register").click();
  await page.getByLabel("Name").fill(name);
  await page.getByLabel("Password").fill("a long enough password");
  await page.getByTestId("signin-submit").click();
  await expect.poll(() => page.getByTestId("who-name").textContent()).toBe(name);
}

/** Opens a table from the lobby as the signed-in person, who takes seat 1; returns the table's address. */
export async function openTable(page: Page, title: string, seats = 4) {
  await page.goto(`${app}/tables`);
  await page.getByLabel("Title").fill(title);
  await page.getByLabel("Seats").selectOption(String(seats));
  await page.getByTestId("open-submit").click();
  await page.waitForURL(/\/tables\/\d+$/);
  return page.url();
}

/** The acts so far: the newest one's place in the ledger, plus one (the log shows only the newest 30 at first). */
export async function actCount(page: Page): Promise<number> {
  const newest = page.getByTestId("act").first();
  return (await newest.count()) ? Number(await newest.getAttribute("data-index")) + 1 : 0;
}

export type Did = { offer: boolean; accept: boolean; citedOther: boolean; pass: boolean };

/**
 * Plays the person's seat: first a pass with a said claim, then an offer, then accepts when it can (else passes), until
 * the table ends, or `turns` turns, or with `untilEachAct` until the person has taken each of the three acts. House
 * bots hold out on the table's clock (hours), so a test that needs the end sooner then ends the table as a moderator
 * (endAsModerator).
 */
export async function playToTheEnd(
  page: Page,
  did: Did,
  onTurn: (turn: number) => Promise<void>,
  { untilEachAct = false, turns = 40 } = {},
) {
  const mine = { offered: false, passed: false, accepted: false };
  for (let turn = 0; turn < turns; turn++) {
    if ((await page.getByTestId("table-view").getAttribute("data-status")) !== "playing") return;
    if (untilEachAct && mine.passed && mine.offered && mine.accepted) return;
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
      mine.accepted = did.accept = true;
    } else {
      await page.getByTestId("act-pass").click();
    }
    await expect.poll(() => actCount(page), { timeout: 15_000 }).toBeGreaterThan(before);
    await onTurn(turn);
  }
}

/**
 * Ends a table still in play as an admin can (game.md, "Cancelled by a moderator"): the table is revealed as any
 * finished one. A game against house bots runs on the table's clock, hours long; a test that has seen what it needs of
 * the play ends it here. A table already over is left as it is.
 */
export async function endAsModerator(tableId: number): Promise<void> {
  const state = (await (await fetch(`${app}/api/tables/${tableId}`)).json()) as { status: string };
  if (state.status !== "playing") return;
  const admin = await signUp(app, "e2e-admin").catch(() => signIn(app, "e2e-admin", "correct horse battery"));
  const r = await fetch(`${app}/api/tables/${tableId}/cancel`, {
    method: "POST",
    headers: { cookie: admin, origin: app, "content-type": "application/json" },
    body: JSON.stringify({ reason: "the end-to-end test has played what it needs" }),
  });
  // 409: the table bound or ended between the read and the cancel.
  expect([200, 409]).toContain(r.status);
}

/**
 * Plays tables of four against the three house bots over the JSON API, as a newcomer who gives the bots what they have
 * said they want, until one binds (most deals the bots hold out on; some come together at once), and returns its id.
 * A table that has not bound after 40 of the person's turns is ended as a moderator would, and the next one tried.
 */
export async function playUntilBound(cookie: string, title: string, tries = 16): Promise<number> {
  const post = (path: string, body?: unknown) =>
    fetch(`${app}${path}`, {
      method: "POST",
      headers: { cookie, origin: app, "content-type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  for (let n = 0; n < tries; n++) {
    const { id } = (await (
      await post("/api/tables", { title: `${title} ${n + 1}`, seats_max: 4 })
    ).json()) as {
      id: number;
    };
    expect((await post(`/api/tables/${id}/bots`)).status).toBe(200);
    expect((await post(`/api/tables/${id}/start`)).status).toBe(200);
    for (let turn = 0; turn < 40;) {
      const t = (await (await fetch(`${app}/api/tables/${id}`, { headers: { cookie } })).json()) as any;
      if (t.status === "bound") return id;
      if (t.status !== "playing") break;
      if (t.game.turn !== t.your_seat) {
        await new Promise((r) => setTimeout(r, 100)); // the bots' turns are played right after the person's
        continue;
      }
      turn++;
      if (t.game.may.accept === true) {
        await post(`/api/tables/${id}/accept`, {});
        continue;
      }
      const accord = generousAccord(t);
      const standing = t.game.standing_offer?.accord;
      if (standing && t.game.charter.every((c: string) => standing[c] === accord[c]))
        await post(`/api/tables/${id}/pass`, {});
      else await post(`/api/tables/${id}/offer`, { accord });
    }
    await endAsModerator(id);
  }
  throw new Error(`none of ${tries} tables against the house bots bound`);
}

/** The accord that meets most of what the other seats have said or sworn (3, 2, 1 in the order they named it), and one aim of ours at least. */
function generousAccord(t: any): Record<string, string> {
  const me = t.your_seat as number;
  const wants = new Map<string, number>();
  const named = new Map<number, number>();
  for (const e of [...t.game.said, ...t.game.sworn] as {
    seat: number;
    clause?: string;
    setting?: string;
  }[]) {
    if (e.seat === me || !e.clause) continue;
    const key = `${e.seat}:${e.clause}=${e.setting}`;
    if (wants.has(key)) continue;
    const k = named.get(e.seat) ?? 0;
    named.set(e.seat, k + 1);
    wants.set(key, [3, 2, 1][k] ?? 1);
  }
  const charter = t.game.charter as string[];
  const aims = t.game.charge.aims as { clause: string; setting: string; weight: number }[];
  let best: Record<string, string> = {};
  let bestScore = -1;
  const walk = (i: number, accord: Record<string, string>) => {
    if (i === charter.length) {
      const own = aims.reduce((sum, a) => sum + (accord[a.clause] === a.setting ? a.weight : 0), 0);
      if (own === 0) return;
      let theirs = 0;
      for (const [key, weight] of wants) {
        const [clause, setting] = key.slice(key.indexOf(":") + 1).split("=");
        if (accord[clause!] === setting) theirs += weight;
      }
      if (10 * theirs + own > bestScore) [best, bestScore] = [{ ...accord }, 10 * theirs + own];
      return;
    }
    for (const setting of t.settings[charter[i]!] as string[])
      walk(i + 1, { ...accord, [charter[i]!]: setting });
  };
  walk(0, {});
  return best;
}
