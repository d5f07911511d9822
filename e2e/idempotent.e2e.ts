// A double click on a create makes one thing: the pages send one idempotency key per form, so the second request —
// which does reach the server — answers with the first one's plan or table instead of making another.
import type { Page } from "playwright-core";
import { describe, expect, inject, it } from "vitest";
import { browser, hasChromium } from "./browser";
import { signUp } from "./http";

const app = inject("app");

/** How many calls of a tRPC procedure the page sent (a batch names each call in its path). */
function countCalls(page: Page, procedure: string) {
  const calls = { n: 0 };
  page.on("request", (r) => {
    const path = new URL(r.url()).pathname;
    if (r.method() === "POST" && path.startsWith("/api/trpc/"))
      calls.n += path
        .slice("/api/trpc/".length)
        .split(",")
        .filter((p) => p === procedure).length;
  });
  return calls;
}

describe.runIf(hasChromium)("a create sent twice", () => {
  it("makes one plan for a double click on Create the plan, and one table for a double click on Open", async () => {
    const cookie = await signUp(app, "double-clicker");
    const { page, close } = await browser(cookie);
    try {
      const planCalls = countCalls(page, "plans.create");
      await page.goto(`${app}/plans/new`);
      // A misspelt key is refused by name, in a person's words, next to the form (and nothing is made).
      await page.getByLabel("Name").fill("Misspelt");
      await page
        .getByTestId("plan-graph")
        .fill(JSON.stringify({ nodes: [{ id: "scan", dependsOn: [], approval: true }] }));
      await page.getByTestId("create-plan-submit").click();
      await expect
        .poll(() => page.getByTestId("create-plan").getByRole("alert").textContent(), { timeout: 10_000 })
        .toBe("Node 1 has an unknown field: approval.");
      // …and beside the field it is about: the graph, marked invalid and described by the sentence.
      expect(await page.getByTestId("field-error-plan-graph").textContent()).toBe(
        "Node 1 has an unknown field: approval.",
      );
      expect(await page.getByTestId("plan-graph").getAttribute("aria-invalid")).toBe("true");
      expect(await page.getByTestId("plan-graph").getAttribute("aria-describedby")).toBe("plan-graph-error");
      expect(await page.getByTestId("field-error-plan-name").count()).toBe(0);
      planCalls.n = 0; // the refused create above was one call; count the double click's alone
      await page.goto(`${app}/plans/new`);
      await page.getByLabel("Name").fill("Clicked twice");
      // Two clicks in one go, before React can disable the button: both requests leave the page.
      await page.getByTestId("create-plan-submit").evaluate((b: HTMLButtonElement) => {
        b.click();
        b.click();
      });
      await page.waitForURL(/\/plans\/\d+$/);
      const planId = Number(/\/plans\/(\d+)$/.exec(page.url())![1]);
      expect(planCalls.n).toBe(2);
      const mine = await fetch(`${app}/api/plans`, { headers: { cookie } }).then((r) => r.json() as any);
      const named = (mine as { id: number; name: string }[]).filter((p) => p.name === "Clicked twice");
      expect(named.map((p) => p.id)).toEqual([planId]);

      const tableCalls = countCalls(page, "tables.open");
      await page.goto(`${app}/tables`);
      await page.getByTestId("open-table").getByLabel(/title/i).fill("Opened twice");
      await page.getByTestId("open-submit").evaluate((b: HTMLButtonElement) => {
        b.click();
        b.click();
      });
      await page.waitForURL(/\/tables\/\d+$/);
      expect(tableCalls.n).toBe(2);
      const lobby = await fetch(`${app}/api/tables`, { headers: { cookie } }).then((r) => r.json() as any);
      expect((lobby.tables as { title: string }[]).filter((t) => t.title === "Opened twice")).toHaveLength(1);
    } finally {
      await close();
    }
  });
});
