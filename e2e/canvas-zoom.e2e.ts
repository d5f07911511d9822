// The canvas at every zoom, on a 1,000-node plan with titles (created over the JSON API in one request): at fit view
// each wave is one block, and the smallest text on the canvas renders at 10 px or more (font size × the viewport's
// scale) at 1280 and at 390 px wide; search and the status filter work on the blocks; clicking a block or zooming
// in opens its wave's cards, and zooming out again shows the blocks.
import type { Page } from "playwright-core";
import { describe, expect, inject, it } from "vitest";
import { layeredNodes } from "@/server/rules/checkpoint";
import { LABEL_ZOOM, MIN_TEXT_PX } from "@/components/checkpoint/semanticZoom";
import { browser, hasChromium, problemsOf, shot } from "./browser";
import { caller, signUp } from "./http";
import { createPlan, openCanvas, zoomOf } from "./plans";

const app = inject("app");
const call = caller(app);

/** The smallest text on the canvas as drawn: each element holding text, its font size × the viewport's scale. */
const smallestText = (page: Page) =>
  page.evaluate(() => {
    const viewport = document.querySelector(".react-flow__viewport")!;
    const scale = new DOMMatrix(getComputedStyle(viewport).transform).a;
    let least = Infinity;
    let texts = 0;
    for (const el of viewport.querySelectorAll<HTMLElement>("*")) {
      const own = [...el.childNodes].some((c) => c.nodeType === Node.TEXT_NODE && c.textContent!.trim());
      if (!own || el.getClientRects().length === 0) continue;
      texts++;
      least = Math.min(least, parseFloat(getComputedStyle(el).fontSize) * scale);
    }
    return { least, texts };
  });

const mode = (page: Page) => page.getByTestId("plan-canvas").getAttribute("data-mode");

describe.runIf(hasChromium)("the canvas at every zoom", () => {
  it("fits a 1,000-node plan as one block per wave, readable at 1280 and 390 px; search, filter, open", async () => {
    const planner = await signUp(app, "zoom-planner");
    const token = (await call("POST", "/api/agents", { cookie: planner }, { name: "zoom-orchestrator" })).body
      .token as string;
    const nodes = layeredNodes({ waves: 10, width: 100, titleLength: 80 }).map(({ dependsOn, ...n }) => ({
      ...n,
      depends_on: dependsOn,
    }));
    const id = await createPlan(planner, "A thousand nodes", nodes);
    // Waves 1–5 returned, three of wave 5's nodes failed; a high risk on wave 6.
    const outcomes = nodes
      .filter((n) => Number(/^w(\d+)/.exec(n.id)![1]) <= 4)
      .map((n) => ({
        node_id: n.id,
        status: ["w4-n1", "w4-n2", "w4-n3"].includes(n.id) ? "failed" : "success",
        evidence_hash: `h-${n.id}`,
      }));
    expect((await call("POST", `/api/plans/${id}/outcomes/batch`, { token }, { outcomes })).status).toBe(201);
    const risk = { risk_id: "R9", severity: "high", affected_nodes: ["w5-n0"], evidence_hash: "r9" };
    expect((await call("POST", `/api/plans/${id}/risks`, { cookie: planner }, risk)).status).toBe(201);

    const { page, close } = await browser(planner);
    const problems = problemsOf(page, { console: false });
    try {
      await page.setViewportSize({ width: 1280, height: 800 });
      await openCanvas(page, id, { timeout: 20_000, settle: 500 });
      // It opens on the waves that matter, as cards whose labels read.
      expect(await mode(page)).toBe("cards");
      expect(await zoomOf(page)).toBeGreaterThanOrEqual(LABEL_ZOOM - 1e-3);

      // Fit view: ten blocks, every text on the canvas at 10 px or more.
      await page.getByTestId("canvas-fit").click();
      await expect.poll(() => mode(page), { timeout: 10_000 }).toBe("waves");
      await expect.poll(() => page.getByTestId("wave-block").count(), { timeout: 10_000 }).toBe(10);
      await page.waitForTimeout(300);
      const fit = await smallestText(page);
      expect(fit.texts).toBeGreaterThan(30);
      expect(fit.least).toBeGreaterThanOrEqual(MIN_TEXT_PX);
      const block = (wave: number) => page.locator(`[data-testid="wave-block"][data-wave="${wave}"]`);
      expect(await block(4).innerText()).toMatch(/Wave 5[\s\S]*100 nodes[\s\S]*97 success[\s\S]*3 failed/);
      expect(await block(5).innerText()).toMatch(
        /Wave 6[\s\S]*proposed next[\s\S]*100 no outcome[\s\S]*authority ✗[\s\S]*R9 high/,
      );
      await shot(page, "canvas-fit-1280");

      // Search and the status filter, on the blocks.
      await page.getByTestId("canvas-search").fill("task 7:");
      await expect.poll(() => block(2).getByTestId("block-hits").innerText()).toBe("1 of 100 match");
      await page.getByTestId("canvas-search").fill("");
      await page.getByTestId("canvas-status").selectOption("failed");
      await expect.poll(() => block(4).getByTestId("block-hits").innerText()).toBe("3 of 100 match");
      expect(await block(0).getAttribute("data-dimmed")).toBe("true");
      await shot(page, "canvas-fit-filtered");
      await page.getByTestId("canvas-status").selectOption("");
      expect(await mode(page)).toBe("waves");

      // A click opens the wave: its cards, readable.
      await block(5).click();
      await expect.poll(() => mode(page), { timeout: 10_000 }).toBe("cards");
      await page.waitForTimeout(300);
      expect(await zoomOf(page)).toBeGreaterThanOrEqual(LABEL_ZOOM - 1e-3);
      // Its top cards, each one of wave 6's.
      await expect
        .poll(() =>
          page
            .getByTestId("canvas-node")
            .evaluateAll((els) =>
              els
                .filter((e) => e.getBoundingClientRect().width > 0)
                .map((e) => e.getAttribute("data-node-id")),
            ),
        )
        .toContainEqual(expect.stringMatching(/^w5-/));
      await shot(page, "canvas-opened-wave");

      // Zooming out past the labels' limit shows the blocks; zooming in on them opens a wave again.
      const pane = (await page.locator(".react-flow__pane").boundingBox())!;
      await page.mouse.move(pane.x + pane.width / 2, pane.y + pane.height / 2);
      for (let i = 0; i < 4 && (await mode(page)) === "cards"; i++) {
        await page.mouse.wheel(0, 200);
        await page.waitForTimeout(150);
      }
      await expect.poll(() => mode(page), { timeout: 10_000 }).toBe("waves");
      await page.waitForTimeout(300);
      expect((await smallestText(page)).least).toBeGreaterThanOrEqual(MIN_TEXT_PX);
      for (let i = 0; i < 12 && (await mode(page)) === "waves"; i++) {
        await page.mouse.wheel(0, -200);
        await page.waitForTimeout(150);
      }
      await expect.poll(() => mode(page), { timeout: 10_000 }).toBe("cards");

      // A phone: fit view frames the waves that matter as blocks, still readable.
      await openCanvas(page, id, { timeout: 20_000, settle: 500, phone: true });
      await page.getByTestId("canvas-fit").click();
      await expect.poll(() => mode(page), { timeout: 10_000 }).toBe("waves");
      await page.waitForTimeout(300);
      const phone = await smallestText(page);
      expect(phone.texts).toBeGreaterThan(5);
      expect(phone.least).toBeGreaterThanOrEqual(MIN_TEXT_PX);
      await shot(page, "canvas-fit-390");
      await page.getByTestId("plan-canvas").screenshot({ path: "e2e/screenshots/canvas-fit-390-canvas.png" });
      expect(problems).toEqual([]);
    } finally {
      await close();
    }
  });
});
