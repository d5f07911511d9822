// The plan canvas read as a planner reads it: it opens on the waves that matter with labels legible (at 1280 and at
// 390 px), finds a node by search and by status, shows the selected node's details, collapses a wave, and narrows
// to what holds the next wave.
import type { Page } from "playwright-core";
import { describe, expect, inject, it } from "vitest";
import { axe, browser, hasChromium, problemsOf, shot } from "./browser";
import { caller, signUp } from "./http";
import { createPlan, openCanvas, zoomOf } from "./plans";

const app = inject("app");

const call = caller(app);

/** Whether a node's card lies inside the canvas's box, its label drawn (a card, not a far-out coloured block). */
async function legible(page: Page, id: string) {
  const canvas = (await page.getByTestId("plan-canvas").boundingBox())!;
  const card = page.locator(`[data-testid="canvas-node"][data-node-id="${id}"]`);
  const box = await card.boundingBox();
  if (!box) return false;
  const inside =
    box.x >= canvas.x - 1 &&
    box.y >= canvas.y - 1 &&
    box.x + box.width <= canvas.x + canvas.width + 1 &&
    box.y + box.height <= canvas.y + canvas.height + 1;
  return inside && (await card.getByTestId("node-status").isVisible());
}

describe.runIf(hasChromium)("the plan canvas, readable", () => {
  it("opens a 7-node, 6-wave plan on the waves that matter, legible, and finds, details, collapses, narrows", async () => {
    const planner = await signUp(app, "canvas-reader");
    const token = (await call("POST", "/api/agents", { cookie: planner }, { name: "canvas-orchestrator" }))
      .body.token as string;
    const nodes = [
      { id: "scan", title: "Scan dependencies", dependsOn: [] },
      { id: "lint", title: "Lint the tree", dependsOn: ["scan"] },
      { id: "build", title: "Build it", dependsOn: ["lint"] },
      { id: "test", title: "Run the tests", dependsOn: ["build"] },
      { id: "patch", title: "Patch package X", dependsOn: ["test"] },
      { id: "docs", title: "Write the notes", dependsOn: ["test"] },
      { id: "publish", title: "Publish the release", dependsOn: ["patch", "docs"] },
    ];
    const id = await createPlan(planner, "Seven nodes", nodes);
    const reported = await call(
      "POST",
      `/api/plans/${id}/outcomes/batch`,
      { token },
      {
        outcomes: ["scan", "lint", "build", "test"].map((node_id) => ({
          node_id,
          status: node_id === "test" ? "partial" : "success",
          evidence_hash: `h-${node_id}`,
        })),
      },
    );
    expect(reported.status).toBe(201);

    const { page, close } = await browser(planner);
    const problems = problemsOf(page, { console: false });
    try {
      await openCanvas(page, id);
      // Opened on the wave just finished (test) and the next (patch, docs), readable — not six waves of empty boxes.
      expect(await zoomOf(page)).toBeGreaterThanOrEqual(0.8);
      for (const node of ["test", "patch", "docs"]) expect(await legible(page, node), node).toBe(true);
      await shot(page, "canvas-open-1280");

      // Search: one hit of seven, the rest dimmed; Enter selects it and the details panel tells its story.
      await page.getByTestId("canvas-search").fill("notes");
      await expect
        .poll(() => page.getByTestId("canvas-hits").innerText(), { timeout: 10_000 })
        .toMatch(/^1 of 7/);
      await page.getByTestId("canvas-search").press("Enter");
      const details = page.getByTestId("node-details");
      await expect.poll(() => details.isVisible(), { timeout: 10_000 }).toBe(true);
      expect(await details.innerText()).toMatch(
        /docs[\s\S]*Write the notes[\s\S]*Wave 5[\s\S]*depends on[\s\S]*test/i,
      );
      expect(await page.locator('[data-testid="canvas-node"][data-dimmed="true"]').count()).toBeGreaterThan(
        0,
      );
      expect(await page.locator('[data-node-id="docs"]').getAttribute("data-dimmed")).toBe("false");
      await shot(page, "canvas-search-details");
      // Its prerequisite is one click away in the details panel, with its evidence.
      await details.getByRole("button", { name: "test", exact: true }).click();
      await expect
        .poll(() => details.innerText(), { timeout: 10_000 })
        .toMatch(/Run the tests[\s\S]*partial[\s\S]*#h-test/);
      await details.getByRole("button", { name: "Back to the audit" }).click();
      await expect.poll(() => page.getByTestId("findings").isVisible(), { timeout: 10_000 }).toBe(true);

      // By status: the one partial node.
      await page.getByTestId("canvas-search").fill("");
      await page.getByTestId("canvas-status").selectOption("partial");
      await expect
        .poll(() => page.getByTestId("canvas-hits").innerText(), { timeout: 10_000 })
        .toMatch(/^1 of 7/);
      await page.getByTestId("canvas-status").selectOption("");

      // Only what holds the next wave: the partial prerequisite and the nodes the audit found on.
      await page.getByTestId("canvas-only-holders").check();
      await expect
        .poll(() =>
          page
            .locator('[data-testid="canvas-node"]')
            .evaluateAll((els) => els.map((e) => e.getAttribute("data-node-id")).sort()),
        )
        .toEqual(["docs", "patch", "test"]);
      await shot(page, "canvas-holders");
      await page.getByTestId("canvas-only-holders").uncheck();

      // Collapse the wave just finished, by its lane's own button, to a summary card; expand it again.
      await page.getByTestId("canvas-toolbar").getByRole("button", { name: "waves that matter" }).click();
      await page.waitForTimeout(600); // the view's 300 ms glide back, and a frame to settle
      await page.getByRole("button", { name: "Collapse wave 4" }).click();
      await expect.poll(() => page.getByTestId("wave-summary").count(), { timeout: 10_000 }).toBe(1);
      expect(await page.getByTestId("wave-summary").innerText()).toMatch(/Wave 4 · 1 node[\s\S]*1 partial/);
      expect(await page.locator('[data-node-id="test"]').count()).toBe(0);
      await shot(page, "canvas-collapsed");
      await page.getByRole("button", { name: "Expand wave 4" }).click();
      await expect.poll(() => page.locator('[data-node-id="test"]').count(), { timeout: 10_000 }).toBe(1);
      expect(await axe(page)).toEqual([]);

      // A phone: the next wave alone, still legible.
      await openCanvas(page, id, { phone: true });
      expect(await zoomOf(page)).toBeGreaterThanOrEqual(0.8);
      expect(await legible(page, "patch")).toBe(true);
      await shot(page, "canvas-open-390");
      await page
        .getByTestId("plan-canvas")
        .screenshot({ path: "e2e/screenshots/canvas-open-390-canvas.png" });
      expect(problems).toEqual([]);
    } finally {
      await close();
    }
  });
});
