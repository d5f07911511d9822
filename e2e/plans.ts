// Plans in a test: one created over the JSON API as its planner, and the canvas's zoom read off the page.
import type { Page } from "playwright-core";
import { expect, inject } from "vitest";
import { caller } from "./http";

const call = caller(inject("app"));

/** Creates a plan as the signed-in planner (`cookie`); returns its id. */
export async function createPlan(cookie: string, name: string, nodes: unknown[]) {
  const created = await call("POST", "/api/plans", { cookie }, { name, nodes });
  expect(created.status).toBe(201);
  return created.body.id as number;
}

/** The canvas's zoom, read off React Flow's viewport transform. */
export const zoomOf = (page: Page) =>
  page.evaluate(() => {
    const t = getComputedStyle(document.querySelector(".react-flow__viewport")!).transform;
    return new DOMMatrix(t).a;
  });

/**
 * Opens the plan's page and waits for the canvas's first cards, then for its refit to the real frame (one animation
 * frame after mount, `settle` ms at most); `phone` first narrows the window to a phone's.
 */
export async function openCanvas(
  page: Page,
  id: number,
  { timeout = 15_000, settle = 400, phone = false } = {},
) {
  if (phone) await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`${inject("app")}/plans/${id}`);
  await expect.poll(() => page.getByTestId("canvas-node").count(), { timeout }).toBeGreaterThan(0);
  await page.waitForTimeout(settle);
}
