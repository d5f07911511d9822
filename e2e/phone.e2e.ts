// Every page on a phone (390 × 844) and on a desktop (1280 × 860), as a guest and signed in: no sideways scroll, the
// header on one line with its menu, and no axe-core (WCAG 2 A/AA) violation. The pages with an id are the demo's.
import type { Page } from "playwright-core";
import { describe, expect, inject, it } from "vitest";
import { axe, browser, hasChromium, shot } from "./browser";
import { cookieFor, signUp } from "./http";

const app = inject("app");

const PAGES = [
  "/",
  "/tables",
  "/councils",
  "/councils/new",
  "/decisions",
  "/arena",
  "/plans",
  "/plans/new",
  "/rules",
  "/style",
  "/signin",
  "/reset",
];
const SIGNED_IN = ["/agents", "/notifications", "/invitations"];

async function firstIds(cookie: string) {
  const get = (path: string) => fetch(`${app}${path}`, { headers: { cookie } }).then((r) => r.json() as any);
  const tables = (await get("/api/tables")).tables as { id: number; status: string }[];
  const councils = (await get("/api/councils")).councils as { id: number }[];
  const plans = (await get("/api/plans")) as { id: number }[];
  return [
    `/tables/${tables.find((t) => t.status === "playing")?.id ?? tables[0]!.id}`,
    `/councils/${councils[0]!.id}`,
    `/plans/${plans[0]!.id}`,
  ];
}

async function check(page: Page, path: string, width: number, as: string) {
  await page.goto(`${app}${path}`);
  // Hydrated, and the header knows who is asking (its widest state): then measure.
  await page.locator('[data-testid="who"] > *').first().waitFor({ timeout: 15_000 });
  await page.waitForTimeout(150);
  const where = `${path} at ${width} px (${as})`;
  if (as === "signed in") await shot(page, `page${path.replaceAll("/", "-")}-${width}`);
  expect(await page.evaluate(() => document.documentElement.scrollWidth), where).toBeLessThanOrEqual(width);
  // The header is one line: as tall as one row of it, whoever is signed in.
  const header = (await page.getByTestId("header").boundingBox())!;
  expect(header.height, where).toBeLessThan(70);
  expect(await axe(page), where).toEqual([]);
  // Every disabled action says why: the button names a description (or a title) that holds a sentence.
  const silent = await page.evaluate(() =>
    [...document.querySelectorAll<HTMLButtonElement>("button:disabled")]
      .filter((b) => b.offsetParent !== null)
      .filter((b) => {
        const ids = (b.getAttribute("aria-describedby") ?? "").split(/\s+/).filter(Boolean);
        const said = ids.map((id) => document.getElementById(id)?.textContent?.trim() ?? "").join("");
        return !said && !b.title.trim();
      })
      .map((b) => b.textContent?.trim() || b.getAttribute("aria-label") || b.outerHTML.slice(0, 80)),
  );
  expect(silent, `disabled buttons that do not say why: ${where}`).toEqual([]);
}

describe("the site's own files", () => {
  it("serves its icons, web manifest and social preview, and every page links them", async () => {
    const manifest = await fetch(`${app}/manifest.webmanifest`);
    expect(manifest.status).toBe(200);
    const icons = ((await manifest.json()) as { icons: { src: string }[] }).icons.map((i) => i.src);
    for (const path of [...icons, "/og.png", "/apple-touch-icon.png"]) {
      const r = await fetch(`${app}${path}`);
      expect(r.status, path).toBe(200);
      expect(r.headers.get("content-type"), path).toMatch(/^image\//);
    }
    const home = await (await fetch(`${app}/`)).text();
    expect(home).toContain('<link rel="manifest" href="/manifest.webmanifest"');
    expect(home).toMatch(/<meta property="og:image" content="https?:\/\/[^"]+\/og\.png"/);
  });
});

describe.runIf(hasChromium)("every page on a phone and a desktop", () => {
  it("fits 390 px with a menu, and passes axe, as a guest and signed in", { timeout: 300_000 }, async () => {
    const cookie = await signUp(app, "phone-reader");
    const ided = await firstIds(cookie);
    const { page, context, close } = await browser();
    try {
      for (const [as, pages] of [
        ["guest", [...PAGES, ...ided]],
        ["signed in", [...PAGES, ...ided, ...SIGNED_IN]],
      ] as const) {
        if (as === "signed in") await context.addCookies([cookieFor(app, cookie)]);
        for (const width of [390, 1280]) {
          await page.setViewportSize({ width, height: width === 390 ? 844 : 860 });
          for (const path of pages) await check(page, path, width, as);
        }
      }
      // The phone's menu holds the modules and the account's links; a link in it is followed.
      await page.setViewportSize({ width: 390, height: 844 });
      await page.goto(`${app}/`);
      // The header's own module links give way to the menu on a phone.
      expect(await page.getByTestId("header").locator('> a[href="/plans"]').isVisible()).toBe(false);
      await page.getByTestId("site-menu").locator("summary").click();
      await shot(page, "phone-menu");
      const menu = page.getByTestId("site-menu");
      expect(await menu.getByRole("button", { name: "Sign out" }).isVisible()).toBe(true);
      await menu.getByRole("link", { name: "Checkpoints" }).click();
      await page.waitForURL(/\/plans$/);
      await shot(page, "phone-plans");
    } finally {
      await close();
    }
  });
});
