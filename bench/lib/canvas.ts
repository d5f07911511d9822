// The plans canvas (React Flow) in headless Chromium: a 1,000-node plan created through the JSON API, the time to
// its first render, and the frames per second while a script pans and zooms it with the mouse.
import os from "node:os";
import path from "node:path";
import { layeredDeclaration } from "@/server/rules/checkpoint";
import { browser, hasChromium } from "../../e2e/browser";
import type { Headers } from "./seed";
import { percentile } from "./stats";

export type CanvasResult =
  | { measured: false; reason: string }
  | {
      measured: true;
      nodes: number;
      /** Navigation start → the first plan node painted (a frame after it entered the DOM). */
      firstRenderMs: number;
      /** Navigation start → the final (wave) layout painted; null if it did not come within 20 s. */
      laidOutMs: number | null;
      seconds: number;
      fps: number;
      /** Frame intervals while panning and zooming. */
      frameMs: { p50: number; p95: number; max: number };
    };

/**
 * Installed before the page's own scripts: notes when the first node and the final layout reach the screen.
 * Page scripts are plain strings: a function would be shipped with the helpers tsx adds around named functions.
 */
const WATCH = `
  window.__bench = { firstNode: null, laidOut: null };
  new MutationObserver(function () {
    var b = window.__bench;
    if (b.firstNode === null && document.querySelector(".react-flow__node"))
      requestAnimationFrame(function () { if (b.firstNode === null) b.firstNode = performance.now(); });
    var canvas = document.querySelector("[data-testid=plan-canvas]");
    if (b.laidOut === null && canvas && canvas.getAttribute("data-layout") === "waves")
      requestAnimationFrame(function () { if (b.laidOut === null) b.laidOut = performance.now(); });
  }).observe(document, { subtree: true, childList: true, attributes: true, attributeFilter: ["data-layout"] });
`;

/** Counts animation frames until told to stop; the page's main thread is what pan and zoom compete for. */
const COUNT_FRAMES = `
  window.__frames = [];
  window.__counting = true;
  requestAnimationFrame(function tick(t) {
    window.__frames.push(t);
    if (window.__counting) requestAnimationFrame(tick);
  });
`;

/** `width` nodes in each of 10 waves: 100 for the 1,000-node plan, 500 for 5,000. */
export async function canvas(
  base: string,
  person: Headers,
  seconds: number,
  width = 100,
): Promise<CanvasResult> {
  const doc = (await (await fetch(`${base}/api/openapi.json`)).json().catch(() => ({}))) as {
    paths?: Record<string, Record<string, unknown>>;
  };
  if (!doc.paths?.["/api/plans"]?.post)
    return { measured: false, reason: "the plans canvas is not built yet" };
  if (!hasChromium) return { measured: false, reason: "Chromium is not installed (CHROMIUM_PATH)" };

  const declaration = layeredDeclaration({ waves: 10, width });
  const created = await fetch(`${base}/api/plans`, {
    method: "POST",
    headers: { ...person, "content-type": "application/json" },
    body: JSON.stringify({ name: `bench: ${width * 10} nodes`, declaration }),
  });
  const plan = (await created.json()) as { id?: number; plan?: { id?: number } };
  const id = plan.id ?? plan.plan?.id;
  if (!created.ok || !id)
    return { measured: false, reason: `the plans API refused a ${width * 10}-node plan (${created.status})` };

  const b = await browser();
  try {
    const session = /authjs\.session-token=([^;]+)/.exec(person.cookie ?? "")?.[1];
    if (session) await b.context.addCookies([{ name: "authjs.session-token", value: session, url: base }]);
    const page = b.page;
    // One visit first, so the numbers are a reader's with a warm server (compiled routes, cached chunks).
    await page.goto(`${base}/plans/${id}`, { waitUntil: "load" });
    await page.addInitScript(WATCH);
    await page.goto(`${base}/plans/${id}`, { waitUntil: "load" });
    const ready = (mark: "firstNode" | "laidOut", ms: number) =>
      page
        .waitForFunction(`window.__bench && window.__bench.${mark} !== null`, null, { timeout: ms })
        .then(() => true)
        .catch(() => false);
    if (!(await ready("firstNode", 30_000))) {
      const shot = path.join(os.tmpdir(), `parley-bench-canvas-${Date.now()}.png`);
      await page.screenshot({ path: shot }).catch(() => {});
      throw new Error(`no plan node was drawn within 30 s (screenshot: ${shot})`);
    }
    await ready("laidOut", 20_000); // the final layout is reported when it comes, not required
    const marks = (await page.evaluate("window.__bench")) as {
      firstNode: number;
      laidOut: number | null;
    };
    const nodes = await page.locator(".react-flow__node").count();

    const pane = await page.locator(".react-flow__pane").boundingBox();
    if (!pane) throw new Error("no React Flow pane on the plan page");
    const cx = pane.x + pane.width / 2;
    const cy = pane.y + pane.height / 2;
    await page.evaluate(COUNT_FRAMES);
    const until = Date.now() + seconds * 1000;
    for (let i = 0; Date.now() < until; i++) {
      // A drag across the pane, then a few wheel notches in and back out around the middle.
      const dx = i % 2 ? 240 : -240;
      await page.mouse.move(cx, cy);
      await page.mouse.down();
      await page.mouse.move(cx + dx, cy + dx / 3, { steps: 12 });
      await page.mouse.up();
      for (let k = 0; k < 4; k++) await page.mouse.wheel(0, i % 2 ? 120 : -120);
    }
    const frames = (await page.evaluate("window.__counting = false, window.__frames")) as number[];
    const gaps = frames.slice(1).map((t, i) => t - frames[i]!);
    const span = (frames.at(-1)! - frames[0]!) / 1000;
    const sorted = [...gaps].sort((a, c) => a - c);
    return {
      measured: true,
      nodes,
      firstRenderMs: marks.firstNode,
      laidOutMs: marks.laidOut,
      seconds: span,
      fps: gaps.length / span,
      frameMs: { p50: percentile(sorted, 50), p95: percentile(sorted, 95), max: sorted.at(-1) ?? NaN },
    };
  } finally {
    await b.close();
  }
}
