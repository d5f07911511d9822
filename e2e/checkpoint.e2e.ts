// Wave checkpoints in real Chromium: a planner imports a plan and invites a reviewer to the gates' roles (who says
// yes), an orchestrator reports with its token (JSON API and MCP), the canvas shows the hold live, the reviewer's
// approval arrives, the checkpoint admits the next wave; then 1,000 nodes.
import { describe, expect, inject, it } from "vitest";
import { browser, hasChromium, problemsOf, shot } from "./browser";
import { caller, mcpToolCall, signUp } from "./http";
import { createPlan } from "./plans";

const app = inject("app");

/** A write as a signed-in person (same-origin, as the browser would send it) or as an agent with its token. */
const call = caller(app);

/** One MCP tool call over Streamable HTTP with the agent's token, as plain JSON-RPC. */
async function mcp(token: string, name: string, args: Record<string, unknown>) {
  const r = await mcpToolCall(app, name, args, { authorization: `Bearer ${token}` });
  const answer = (await r.json()) as { result: { isError?: boolean; content: { text: string }[] } };
  expect(answer.result.isError ?? false, answer.result.content[0]?.text).toBe(false);
  return JSON.parse(answer.result.content[0]!.text);
}

describe.runIf(hasChromium)("a wave checkpoint in the browser", () => {
  it("imports a plan, shows the hold live as evidence arrives, and admits the next wave once approved", async () => {
    const planner = await signUp(app, "wave-planner");
    const reviewer = await signUp(app, "wave-reviewer");
    const agent = await call("POST", "/api/agents", { cookie: planner }, { name: "wave-orchestrator" });
    expect(agent.status).toBe(201);
    const token = agent.body.token as string;

    const { page, close } = await browser(planner);
    const problems = problemsOf(page);
    try {
      // The demo: the original's trace, held at revision 4 on R7, revision 5 with inspect-call-sites.
      await page.goto(`${app}/plans`);
      await page.getByRole("link", { name: /original's trace/ }).click();
      // Four nodes; it opens on the waves that matter (the wave just finished, the next, what holds it).
      await expect
        .poll(() => page.getByTestId("plan-canvas").getAttribute("data-nodes"), { timeout: 15_000 })
        .toBe("4");
      await expect.poll(() => page.getByTestId("canvas-node").count()).toBeGreaterThanOrEqual(2);
      expect(await page.getByTestId("to-reassess").count()).toBe(1);
      await shot(page, "checkpoint-demo");
      await page.locator('[data-testid="revision-tab"][data-revision="4"]').click();
      await expect.poll(() => page.getByTestId("superseded").count(), { timeout: 10_000 }).toBe(1);
      await shot(page, "checkpoint-demo-r4");
      await page.goto(`${app}/plans`);
      await shot(page, "checkpoint-list");
      await page.getByTestId("new-plan-link").click();
      await page.getByLabel("Name").fill("Patch package X safely");
      const graph = {
        nodes: [
          { id: "scan", title: "Scan dependencies", dependsOn: [] },
          { id: "patch-X", title: "Patch package X", dependsOn: ["scan"], needsApproval: true },
          { id: "publish", title: "Publish the release", dependsOn: ["patch-X"] },
        ],
      };
      await page.getByTestId("plan-graph").fill(JSON.stringify(graph, null, 2));
      await shot(page, "checkpoint-create");
      await page.getByTestId("create-plan-submit").click();
      await page.waitForURL(/\/plans\/\d+$/);
      const id = Number(/\/plans\/(\d+)$/.exec(page.url())![1]);
      // Three waves laid out; at 1280 px the canvas opens on the waves that matter with labels of 10 px or more, which
      // leaves the third just past its right edge.
      await expect
        .poll(() => page.getByTestId("plan-canvas").getAttribute("data-nodes"), { timeout: 15_000 })
        .toBe("3");
      await expect
        .poll(() => page.getByTestId("canvas-node").count(), { timeout: 15_000 })
        .toBeGreaterThanOrEqual(2);
      const node = (nodeId: string) => page.locator(`[data-testid="canvas-node"][data-node-id="${nodeId}"]`);
      // A new plan is invited: a guest is told it does not exist.
      expect((await call("GET", `/api/plans/${id}`, {})).status).toBe(404);
      // Only the plan's approvers approve, only its authority and resources holders confirm: the planner invites the
      // reviewer to those roles on the page, the members panel lists them as waiting, and once the reviewer says
      // yes (here over the JSON API; /invitations is the page for it) it lists them as held, live.
      for (const role of ["approver", "authority", "resources"]) {
        await page.getByTestId("role-select").selectOption(role);
        await page.getByTestId("role-who").fill("wave-reviewer");
        await page.getByTestId("role-assign").click();
        await expect
          .poll(
            () =>
              page
                .locator(`[data-testid="invited-member"][data-role="${role}"][data-name="wave-reviewer"]`)
                .count(),
            { timeout: 10_000 },
          )
          .toBe(1);
      }
      for (const role of ["approver", "authority", "resources"])
        expect(
          await call("POST", "/api/invitations/accept", { cookie: reviewer }, { kind: "plan", id, role }),
        ).toMatchObject({ status: 200, body: { accepted: true, seat: role } });
      for (const role of ["approver", "authority", "resources"])
        await expect
          .poll(
            () =>
              page.locator(`[data-testid="member"][data-role="${role}"][data-name="wave-reviewer"]`).count(),
            { timeout: 10_000 },
          )
          .toBe(1);
      expect(await page.getByTestId("invited-member").count()).toBe(0);

      // The orchestrator reports wave 1 over the JSON API with its token; the open canvas turns scan green.
      const reported = await call(
        "POST",
        `/api/plans/${id}/outcomes`,
        { token },
        {
          node_id: "scan",
          status: "success",
          evidence_hash: "h1",
          provenance: "scanner run 17: package X has a major-version API break",
        },
      );
      expect(reported.status).toBe(201);
      await expect.poll(() => node("scan").getAttribute("data-status"), { timeout: 10_000 }).toBe("success");
      // …and assesses R7 high over MCP: the hold is drawn where it bites.
      await mcp(token, "assess_risk", {
        plan_id: id,
        risk_id: "R7",
        severity: "high",
        affected_nodes: ["scan", "patch-X"],
        evidence_hash: "h1",
        note: "API break in X",
      });
      await expect.poll(() => node("patch-X").getByTestId("risk-badge").count(), { timeout: 10_000 }).toBe(1);
      await expect
        .poll(() =>
          page.getByTestId("finding").evaluateAll((els) => els.map((e) => e.getAttribute("data-finding"))),
        )
        .toEqual(["approval-required", "assignment-gate-unsatisfied", "unresolved-risk"]);
      expect(await page.getByTestId("gate-approval").getAttribute("data-satisfied")).toBe("false");
      expect(await page.getByTestId("decision-admit").isDisabled()).toBe(true);
      await page.getByTestId("finding").filter({ hasText: "unresolved-risk" }).click();
      await shot(page, "checkpoint-held");

      // The planner records the hold on the page.
      await page.getByTestId("rationale").fill("R7 is high: inspect the call sites before patching.");
      await page.getByTestId("decide").click();
      await expect.poll(() => page.getByTestId("checkpoint-row").count(), { timeout: 10_000 }).toBe(1);

      // Revision 2 supersedes revision 1: inspect-call-sites after scan; the canvas follows live.
      const revised = await call(
        "POST",
        `/api/plans/${id}/revisions`,
        { cookie: planner },
        {
          parent: 1,
          nodes: [
            { id: "scan", title: "Scan dependencies", depends_on: [] },
            { id: "inspect-call-sites", title: "Inspect call sites of X", depends_on: ["scan"] },
            {
              id: "patch-X",
              title: "Patch package X",
              depends_on: ["inspect-call-sites"],
              needs_approval: true,
            },
            { id: "publish", title: "Publish the release", depends_on: ["patch-X"] },
          ],
          rationale: "Hold R7 high; inspect call sites before patching X.",
          evidence_refs: ["h1"],
        },
      );
      expect(revised).toMatchObject({ status: 201, body: { number: 2 } });
      await expect.poll(() => node("inspect-call-sites").count(), { timeout: 10_000 }).toBe(1);
      expect(await node("scan").getAttribute("data-status")).toBe("success");
      await page.locator('[data-testid="revision-tab"][data-revision="1"]').click();
      await expect.poll(() => page.getByTestId("superseded").count(), { timeout: 10_000 }).toBe(1);
      await expect
        .poll(() => page.getByTestId("plan-canvas").getAttribute("data-nodes"), { timeout: 10_000 })
        .toBe("3");
      await shot(page, "checkpoint-superseded");
      await page.locator('[data-testid="revision-tab"][data-revision="2"]').click();
      await expect
        .poll(() => page.getByTestId("plan-canvas").getAttribute("data-nodes"), { timeout: 10_000 })
        .toBe("4");
      await expect
        .poll(() => page.getByTestId("revision-changes").textContent(), { timeout: 10_000 })
        .toContain("inspect-call-sites");

      // The inspection returns and resolves R7 (over MCP); a named person confirms authority and resources.
      await mcp(token, "post_outcome", {
        plan_id: id,
        outcomes: [
          {
            node_id: "inspect-call-sites",
            status: "success",
            evidence_hash: "h2",
            provenance: "call-site survey",
          },
        ],
      });
      await mcp(token, "assess_risk", {
        plan_id: id,
        risk_id: "R7",
        severity: "low",
        affected_nodes: ["scan", "inspect-call-sites"],
        evidence_hash: "h2",
        note: "the break is isolated and covered by tests",
      });
      for (const kind of ["authority", "resources"])
        expect(
          (
            await call(
              "POST",
              `/api/plans/${id}/assignment`,
              { cookie: reviewer },
              { kind, revision: 2, next_wave: ["patch-X"] },
            )
          ).status,
        ).toBe(201);
      await expect
        .poll(
          () =>
            page.getByTestId("finding").evaluateAll((els) => els.map((e) => e.getAttribute("data-finding"))),
          {
            timeout: 10_000,
          },
        )
        .toEqual(["approval-required"]);
      // The proposer cannot approve their own wave; the reviewer's approval arrives and the gate opens live.
      const approve = (cookie: string) =>
        call("POST", `/api/plans/${id}/approvals`, { cookie }, { revision: 2, next_wave: ["patch-X"] });
      expect((await approve(planner)).status).toBe(403);
      expect((await approve(reviewer)).status).toBe(201);
      await expect
        .poll(() => page.getByTestId("gate-approval").getAttribute("data-satisfied"), { timeout: 10_000 })
        .toBe("true");
      // The reviewer withdraws the approval: the gate closes again on the open page; approving again opens it.
      const reviewerApproval = (verb: "approvals" | "approvals/withdraw") =>
        call(
          "POST",
          `/api/plans/${id}/${verb}`,
          { cookie: reviewer },
          { revision: 2, next_wave: ["patch-X"] },
        );
      expect((await reviewerApproval("approvals/withdraw")).status).toBe(200);
      await expect
        .poll(() => page.getByTestId("gate-approval").getAttribute("data-satisfied"), { timeout: 10_000 })
        .toBe("false");
      expect((await reviewerApproval("approvals")).status).toBe(201);
      await expect
        .poll(() => page.getByTestId("gate-approval").getAttribute("data-satisfied"), { timeout: 10_000 })
        .toBe("true");
      await expect
        .poll(() => page.getByTestId("decision-admit").isDisabled(), { timeout: 10_000 })
        .toBe(false);
      await shot(page, "checkpoint-eligible");

      await page.getByTestId("decision-admit").check();
      await page.getByTestId("rationale").fill("R7 resolved by h2; approved by wave-reviewer.");
      await page.getByTestId("decide").click();
      await expect
        .poll(() => page.getByTestId("standing").textContent(), { timeout: 10_000 })
        .toContain("admitted");
      await shot(page, "checkpoint-admitted");
      const checkpoints = await call("GET", `/api/plans/${id}`, { cookie: planner });
      expect(checkpoints.body.checkpoints.map((c: { decision: string }) => c.decision)).toEqual([
        "admit",
        "hold",
      ]);
      // The server-rendered canvas and the browser's first render agree: no hydration error, no script error.
      expect(problems).toEqual([]);
    } finally {
      await close();
    }
  });

  it("draws a 1,000-node plan and pans and zooms it (numbers printed, not asserted)", async () => {
    const planner = await signUp(app, "wave-scale");
    const token = (await call("POST", "/api/agents", { cookie: planner }, { name: "scale-orchestrator" }))
      .body.token as string;
    const waves = 10;
    const width = 100;
    const nodes = [];
    for (let w = 0; w < waves; w++)
      for (let i = 0; i < width; i++)
        nodes.push({
          id: `n${w}_${i}`,
          depends_on:
            w === 0 ? [] : [...new Set([0, 1, 2].map((k) => `n${w - 1}_${(i * 7 + k * 13) % width}`))],
        });
    const id = await createPlan(planner, "A thousand nodes", nodes);
    for (let w = 0; w < 5; w++)
      expect(
        (
          await call(
            "POST",
            `/api/plans/${id}/outcomes/batch`,
            { token },
            {
              outcomes: nodes.slice(w * width, (w + 1) * width).map((n, i) => ({
                node_id: n.id,
                status: w === 4 && i % 17 === 0 ? "partial" : "success",
                evidence_hash: `h${n.id}`,
              })),
            },
          )
        ).status,
      ).toBe(201);

    const { page, close } = await browser(planner);
    try {
      await page.goto(`${app}/plans/${id}`, { waitUntil: "commit" });
      await page.waitForFunction(
        () => document.querySelectorAll('[data-testid="canvas-node"]').length > 0,
        null,
        {
          timeout: 60_000,
          polling: "raf",
        },
      );
      const firstRender = await page.evaluate(() => performance.now());
      await page.waitForFunction(
        () => document.querySelector('[data-testid="plan-canvas"]')?.getAttribute("data-layout") === "waves",
        null,
        { timeout: 120_000, polling: "raf" },
      );
      const layoutDone = await page.evaluate(() => performance.now());
      await page.waitForTimeout(500);
      const rendered = await page.getByTestId("canvas-node").count();
      expect(await page.getByTestId("plan-canvas").getAttribute("data-nodes")).toBe("1000");
      // Opened on the waves that matter at a readable zoom, so only the cards on screen are in the DOM, labelled.
      const zoom = await page.evaluate(
        () => new DOMMatrix(getComputedStyle(document.querySelector(".react-flow__viewport")!).transform).a,
      );
      expect(zoom).toBeGreaterThanOrEqual(0.8);
      expect(rendered).toBeLessThan(200);
      expect(await page.getByTestId("node-status").first().isVisible()).toBe(true);
      // One node among a thousand, found by its id and brought into view with its details.
      await page.getByTestId("canvas-search").fill("n7_42");
      await expect.poll(() => page.getByTestId("canvas-hits").innerText()).toMatch(/^1 of 1000/);
      await page.getByTestId("canvas-search").press("Enter");
      await expect.poll(() => page.getByTestId("node-details").innerText()).toMatch(/n7_42[\s\S]*Wave 8/);
      // Found at any zoom: where its card's label would read under 10 px, its wave's block counts the hit.
      await expect
        .poll(() =>
          page.getByTestId("wave-block").filter({ hasText: "Wave 8" }).getByTestId("block-hits").innerText(),
        )
        .toMatch(/^1 of 100 match/);
      await page.getByTestId("canvas-search").fill("");

      // A scripted pan and zoom while the page counts its animation frames.
      const pane = page.locator(".react-flow__pane");
      const box = (await pane.boundingBox())!;
      const cx = box.x + box.width / 2;
      const cy = box.y + box.height / 2;
      await page.evaluate(() => {
        const w = window as unknown as { frames: number; counting: boolean };
        w.frames = 0;
        w.counting = true;
        const tick = () => {
          w.frames++;
          if (w.counting) requestAnimationFrame(tick);
        };
        requestAnimationFrame(tick);
      });
      const started = Date.now();
      await page.mouse.move(cx, cy);
      await page.mouse.down();
      await page.mouse.move(cx - 300, cy - 150, { steps: 60 });
      await page.mouse.move(cx + 200, cy + 100, { steps: 60 });
      await page.mouse.up();
      for (let i = 0; i < 16; i++) {
        await page.mouse.wheel(0, i < 8 ? -120 : 120);
        await page.waitForTimeout(40);
      }
      const elapsed = Date.now() - started;
      const frames = await page.evaluate(() => {
        const w = window as unknown as { frames: number; counting: boolean };
        w.counting = false;
        return w.frames;
      });
      const fps = (frames * 1000) / elapsed;
      console.log(
        `canvas at 1,000 nodes: first nodes on screen at ${Math.round(firstRender)} ms after navigation, laid out at ${Math.round(layoutDone)} ms, ${rendered} node cards in the DOM; scripted pan/zoom ${elapsed} ms, ${frames} frames = ${fps.toFixed(1)} fps`,
      );
      await shot(page, "checkpoint-1000");
      expect(frames).toBeGreaterThan(0);
    } finally {
      await close();
    }
  });
});
