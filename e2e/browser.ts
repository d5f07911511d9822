// Real Chromium for the end-to-end tests (Debian's package, driven by playwright-core; never a downloaded browser).
import fs from "node:fs";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import { chromium, type BrowserContext, type Page } from "playwright-core";
import { expect, inject } from "vitest";
import { cookieFor } from "./http";

export const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
export const hasChromium = fs.existsSync(CHROMIUM);

type Opened = { context: BrowserContext; page: Page; close(): Promise<void> };

/** A fresh browser; with `as` (a session cookie header), signed in as that person on the app. */
export async function browser(as?: string): Promise<Opened> {
  const context = await chromium.launchPersistentContext(
    fs.mkdtempSync(path.join(os.tmpdir(), "parley-chromium-")),
    {
      executablePath: CHROMIUM,
      headless: true,
      args: [
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
        "--disable-quic",
      ],
      viewport: { width: 1280, height: 860 },
    },
  );
  if (as) await context.addCookies([cookieFor(inject("app"), as)]);
  const page = context.pages()[0] ?? (await context.newPage());
  return { context, page, close: () => context.close() };
}

export async function shot(page: Page, name: string) {
  fs.mkdirSync("e2e/screenshots", { recursive: true });
  await page.screenshot({ path: `e2e/screenshots/${name}.png`, fullPage: true });
}

const AXE_SOURCE = fs.readFileSync(
  path.join(path.dirname(require_resolve("axe-core")), "axe.min.js"),
  "utf8",
);
function require_resolve(name: string): string {
  return createRequire(import.meta.url).resolve(name);
}

/**
 * axe-core's WCAG 2 A and AA checks on the page as it stands: the violations, each as "rule: target (summary)", so
 * a test can expect none and say which when there are.
 */
export async function axe(page: Page): Promise<string[]> {
  await page.addScriptTag({ content: AXE_SOURCE });
  const violations = await page.evaluate(async () => {
    const run = (window as unknown as { axe: { run: (o: unknown) => Promise<any> } }).axe.run;
    const r = await run({ runOnly: { type: "tag", values: ["wcag2a", "wcag2aa"] } });
    return (r.violations as { id: string; nodes: { target: string[]; failureSummary: string }[] }[]).flatMap(
      (v) =>
        v.nodes.map(
          (n) => `${v.id}: ${n.target.join(" ")} (${n.failureSummary.split("\n")[1]?.trim() ?? ""})`,
        ),
    );
  });
  return violations;
}

/** The page at a desktop and a phone width, both shot; no sideways scroll and no axe violation at either. */
export async function shotsAndAxe(page: Page, name: string) {
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 860 });
    await shot(page, `${name}-${width}`);
    // Nothing sticks out sideways: the header wraps rather than widening the page.
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth),
      `${name} at ${width}px`,
    ).toBeLessThanOrEqual(width);
    expect(await axe(page), `${name} at ${width}px`).toEqual([]);
  }
  await page.setViewportSize({ width: 1280, height: 860 });
}

/** What goes wrong on the page from now on: its uncaught errors and, unless `console` is false, its console errors. */
export function problemsOf(page: Page, { console = true } = {}): string[] {
  const problems: string[] = [];
  if (console) page.on("console", (m) => m.type() === "error" && problems.push(m.text()));
  page.on("pageerror", (e) => problems.push(e.message));
  return problems;
}

/** Runs `body` with two fresh browsers (two people, or a person and a guest), closing both however it ends. */
export async function inTwoBrowsers(body: (a: Opened, b: Opened) => Promise<void>) {
  const opened: Opened[] = [];
  try {
    opened.push(await browser(), await browser());
    await body(opened[0]!, opened[1]!);
  } finally {
    for (const b of opened) await b.close();
  }
}
