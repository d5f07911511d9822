// Real Chromium for the end-to-end tests (Debian's package, driven by playwright-core; never a downloaded browser).
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { chromium, type BrowserContext, type Page } from "playwright-core";

export const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
export const hasChromium = fs.existsSync(CHROMIUM);

export async function browser(): Promise<{ context: BrowserContext; page: Page; close(): Promise<void> }> {
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
  const page = context.pages()[0] ?? (await context.newPage());
  return { context, page, close: () => context.close() };
}

export async function shot(page: Page, name: string) {
  fs.mkdirSync("e2e/screenshots", { recursive: true });
  await page.screenshot({ path: `e2e/screenshots/${name}.png`, fullPage: true });
}
