// In real Chromium: sign in locally, create an agent token, use it, and watch the page update live.
import { describe, expect, inject, it } from "vitest";
import { browser, hasChromium, shot } from "./browser";
import { mcpToolCall } from "./http";

const app = inject("app");

describe.runIf(hasChromium)("a person in the browser", () => {
  it("signs up, creates an agent token, and sees a change made elsewhere arrive live", async () => {
    const { page, context, close } = await browser();
    try {
      await page.goto(`${app}/`);
      await shot(page, "home");
      await page.getByRole("link", { name: "Sign in" }).click();
      await page.getByTestId("to-register").click();
      await page.getByLabel("Name").fill("Robin");
      await page.getByLabel("Password").fill("a long enough password");
      await shot(page, "signin");
      await page.getByTestId("signin-submit").click();
      await expect.poll(() => page.getByTestId("who-name").textContent()).toBe("Robin");
      await page.goto(`${app}/agents`);
      await page.getByLabel("New agent's name").fill("robin-scout");
      await page.getByTestId("create-agent").click();
      const token = (await page.getByTestId("token-value").textContent())!.trim();
      expect(token).toMatch(/^prl_/);
      // Shown once, with a button that puts it on the clipboard.
      await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: app });
      await page.getByRole("button", { name: "Copy the token" }).click();
      await expect.poll(() => page.getByTestId("new-token").getByRole("status").textContent()).toBe("Copied");
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(token);
      await expect.poll(() => page.getByTestId("agent-row").count()).toBe(1);
      await shot(page, "agents-token");

      const me = await fetch(`${app}/api/me`, { headers: { authorization: `Bearer ${token}` } });
      expect(await me.json()).toMatchObject({ kind: "agent", name: "robin-scout", owner: { name: "Robin" } });
      const mcp = await mcpToolCall(app, "whoami", {}, { authorization: `Bearer ${token}` });
      const answer = (await mcp.json()) as { result: { content: { text: string }[] } };
      expect(JSON.parse(answer.result.content[0]!.text)).toMatchObject({
        kind: "agent",
        name: "robin-scout",
      });

      // A second door (the JSON API, with the same session) creates an agent: the open page shows it without reload.
      const r = await context.request.post(`${app}/api/agents`, {
        data: { name: "made-elsewhere" },
        headers: { origin: app },
      });
      expect(r.status()).toBe(201);
      await expect.poll(() => page.getByTestId("agent-row").count(), { timeout: 10_000 }).toBe(2);
      await expect.poll(() => page.getByText("made-elsewhere").count()).toBe(1);
      await shot(page, "agents-live");
    } finally {
      await close();
    }
  });
});
