// Invitations in real Chromium: a guest is sent to sign in; a person sees the count in the header, opens
// /invitations (a seat at a table and two roles on a plan waiting), accepts the approver role and declines the
// viewer role, each answer said in a sentence, and the plan's owner sees the role held; an invite link opened in the
// browser joins its table with one click. Each page is checked with axe-core and shot at 1280 and 390 px.
import { describe, expect, inject, it } from "vitest";
import { browser, hasChromium, problemsOf, shot, shotsAndAxe } from "./browser";
import { asPerson, cookieFor, signUp } from "./http";

const app = inject("app");
const call = asPerson(app);

describe.runIf(hasChromium)("invitations in the browser", () => {
  it("a person opens /invitations from the header count, accepts a plan role and declines another; a guest signs in first", async () => {
    const owner = await signUp(app, "inv-owner");
    const ana = await signUp(app, "inv-ana");
    const plan = await call("POST", "/api/plans", owner, {
      name: "Ship the harbour release",
      nodes: [{ id: "build" }, { id: "ship", depends_on: ["build"], needs_approval: true }],
    });
    expect(plan.status).toBe(201);
    const id = plan.body.id as number;
    for (const role of ["approver", "viewer"])
      expect(await call("POST", `/api/plans/${id}/roles`, owner, { role, person: "inv-ana" })).toMatchObject({
        status: 201,
        body: { action: "invite" },
      });
    const table = await call("POST", "/api/tables", owner, { title: "Dockside bargain", seats_max: 4 });
    expect(table.status).toBe(201);
    expect(
      (await call("POST", `/api/tables/${table.body.id}/invite`, owner, { person: "inv-ana" })).status,
    ).toBe(201);

    const { page, context, close } = await browser();
    const problems = problemsOf(page);
    try {
      // A guest is sent to sign in, and comes back here after.
      await page.goto(`${app}/invitations`);
      await page.waitForURL(/\/signin\?to=%2Finvitations|\/signin\?to=\/invitations/);

      await context.addCookies([cookieFor(app, ana)]);
      await page.goto(`${app}/plans`);
      const count = page.getByTestId("invitations-count");
      await expect.poll(() => count.textContent(), { timeout: 10_000 }).toContain("3");
      await count.click();
      await page.waitForURL(/\/invitations$/);
      const rows = page.getByTestId("invitation-row");
      await expect.poll(() => rows.count(), { timeout: 10_000 }).toBe(3);
      expect(
        await rows.evaluateAll((els) =>
          els.map((e) => `${e.getAttribute("data-kind")}:${e.getAttribute("data-seat")}`),
        ),
      ).toEqual(["table:1", "plan:approver", "plan:viewer"]);
      await shotsAndAxe(page, "invitations");

      const row = (kind: string, seat: string) =>
        page.locator(`[data-testid="invitation-row"][data-kind="${kind}"][data-seat="${seat}"]`);
      await row("plan", "approver").getByTestId("invitation-accept").click();
      await expect
        .poll(() => page.getByTestId("invitation-said").textContent(), { timeout: 10_000 })
        .toBe('You now hold the approver role on the plan "Ship the harbour release".');
      await expect.poll(() => rows.count(), { timeout: 10_000 }).toBe(2);
      await expect.poll(() => count.textContent(), { timeout: 10_000 }).toContain("2");
      await row("plan", "viewer").getByTestId("invitation-decline").click();
      await expect
        .poll(() => page.getByTestId("invitation-said").textContent(), { timeout: 10_000 })
        .toBe(
          'You declined the viewer role on the plan "Ship the harbour release"; its owner may ask again.',
        );
      await expect.poll(() => rows.count(), { timeout: 10_000 }).toBe(1);
      await shotsAndAxe(page, "invitations-answered");

      // The owner's record: ana holds the approver role (it counts now), nothing waits, and the log says who answered.
      const members = (await call("GET", `/api/plans/${id}/members`, owner)).body;
      expect(members.members.map((m: any) => [m.role, m.name])).toEqual([
        ["owner", "inv-owner"],
        ["approver", "inv-ana"],
      ]);
      expect(members.invited).toEqual([]);
      expect(members.log.slice(0, 2).map((c: any) => [c.action, c.role, c.by])).toEqual([
        ["decline", "viewer", "inv-ana"],
        ["accept", "approver", "inv-ana"],
      ]);
      // On the plan's page she is an approver of record; the gate names her as the one who may still approve.
      await page.goto(`${app}/plans/${id}`);
      await expect
        .poll(
          () => page.locator('[data-testid="member"][data-role="approver"][data-name="inv-ana"]').count(),
          { timeout: 15_000 },
        )
        .toBe(1);
      // Invited to one more role, she is asked on the plan's own page too, and answers there.
      expect(
        (await call("POST", `/api/plans/${id}/roles`, owner, { role: "resources", person: "inv-ana" })).body,
      ).toMatchObject({ action: "invite" });
      await page.reload();
      const asked = page.getByTestId("plan-invitation");
      await expect
        .poll(() => asked.textContent(), { timeout: 15_000 })
        .toContain("invites you to the resources role");
      await shot(page, "plan-invitation-1280");
      await asked.getByTestId("plan-invitation-accept").click();
      await expect
        .poll(
          () => page.locator('[data-testid="member"][data-role="resources"][data-name="inv-ana"]').count(),
          { timeout: 15_000 },
        )
        .toBe(1);
      await expect.poll(() => asked.textContent()).toContain("You now hold the resources role on the plan");
      expect(problems).toEqual([]);
    } finally {
      await close();
    }
  });

  it("an invitation for her agent reaches the header while the page is open, and she answers for it on the plan's page", async () => {
    const owner = await signUp(app, "inv-op-owner");
    const bea = await signUp(app, "inv-op-bea");
    const agent = await call("POST", "/api/agents", bea, { name: "harbour-bot" });
    expect(agent.status).toBe(201);
    const plan = await call("POST", "/api/plans", owner, {
      name: "Dredge the channel",
      nodes: [{ id: "survey" }, { id: "dredge", depends_on: ["survey"] }],
    });
    expect(plan.status).toBe(201);
    const id = plan.body.id as number;
    const { page, close } = await browser(bea);
    const problems = problemsOf(page);
    try {
      await page.goto(`${app}/plans`);
      await page.getByTestId("who-name").waitFor();
      const count = page.getByTestId("invitations-count");
      expect(await count.count()).toBe(0);
      // The plan is invited: she cannot read it until her agent is asked.
      expect((await call("GET", `/api/plans/${id}`, bea)).status).toBe(404);
      expect(
        (await call("POST", `/api/plans/${id}/roles`, owner, { role: "operator", agent: agent.body.id }))
          .body,
      ).toMatchObject({ action: "invite" });
      // Live, without a reload: the header's count arrives on her own topic (it used to wait up to a minute).
      await expect.poll(() => count.textContent(), { timeout: 8_000 }).toContain("1");
      await page.goto(`${app}/plans/${id}`);
      const asked = page.getByTestId("plan-invitation");
      await expect
        .poll(() => asked.textContent(), { timeout: 15_000 })
        .toContain("invites your agent harbour-bot to the operator role");
      await page.getByTestId("who-name").waitFor();
      await shotsAndAxe(page, "plan-agent-invitation");
      await asked.getByTestId("plan-invitation-accept").click();
      await expect
        .poll(() => asked.textContent(), { timeout: 15_000 })
        .toContain('Your agent harbour-bot now holds the operator role on the plan "Dredge the channel".');
      await expect
        .poll(
          () => page.locator('[data-testid="member"][data-role="operator"][data-name="harbour-bot"]').count(),
          { timeout: 15_000 },
        )
        .toBe(1);
      await expect.poll(() => count.count(), { timeout: 10_000 }).toBe(0);
      // The agent now reports with its own token.
      const posted = await fetch(`${app}/api/plans/${id}/outcomes`, {
        method: "POST",
        headers: { authorization: `Bearer ${agent.body.token}`, "content-type": "application/json" },
        body: JSON.stringify({ node_id: "survey", status: "success", evidence_hash: "sha256:survey" }),
      });
      expect(posted.status).toBe(201);
      expect(problems).toEqual([]);
    } finally {
      await close();
    }
  });

  it("an invite link opened in the browser joins its invited table with one click", async () => {
    const host = await signUp(app, "inv-host");
    const ben = await signUp(app, "inv-ben");
    const table = await call("POST", "/api/tables", host, {
      title: "Members only",
      seats_max: 4,
      visibility: "invited",
    });
    expect(table.status).toBe(201);
    const tableId = table.body.id as number;
    const link = await call("POST", `/api/tables/${tableId}/links`, host, {});
    expect(link.status).toBe(201);
    expect((await call("GET", `/api/tables/${tableId}`, ben)).status).toBe(404);

    const { page, context, close } = await browser();
    try {
      // A guest signs in first, and the sign-in page brings them back to the link.
      await page.goto(`${app}${link.body.path}`);
      await page.waitForURL(/\/signin\?to=/);
      expect(decodeURIComponent(new URL(page.url()).searchParams.get("to")!)).toBe(link.body.path);
      await context.addCookies([cookieFor(app, ben)]);
      await page.goto(`${app}${link.body.path}`);
      await shotsAndAxe(page, "invite-link");
      await page.getByTestId("join-by-link").click();
      await page.waitForURL(new RegExp(`/tables/${tableId}$`), { timeout: 15_000 });
      expect((await call("GET", `/api/tables/${tableId}`, ben)).status).toBe(200);
      // A revoked link says so, in a sentence.
      await call("POST", `/api/tables/${tableId}/links/${link.body.id}/revoke`, host, {});
      await page.goto(`${app}${link.body.path}`);
      await page.getByTestId("join-by-link").click();
      await expect
        .poll(() => page.getByTestId("join-refused").textContent(), { timeout: 10_000 })
        .toMatch(/revoked/i);
    } finally {
      await close();
    }
  });
});
