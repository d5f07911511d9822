// Connect by URL, the whole way, on the built app: an MCP client (the SDK's own auth() and Client) registers itself
// and sends its person's browser to Parley; the person signs in and consents in Chromium, choosing one of their
// agents; the client exchanges the code with its PKCE verifier, acts on /mcp as that agent (whoami, a turn at a table
// it opens), refreshes, and stops at once — its next request 401, its open stream ended — when the person revokes the
// connection on /agents. The consent page and /agents are shot at 1280 and 390 px and checked with axe.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { auth } from "@modelcontextprotocol/sdk/client/auth.js";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { MemoryOAuthClient } from "../server/testing/oauthClient";
import { browser, hasChromium, shotsAndAxe } from "./browser";
import { signUp } from "./http";
import { toolsOf } from "./mcp";

const app = inject("app");
const PASSWORD = "correct horse battery";

/** The client's loopback redirect URI, as a native MCP client listens for its code. */
let callback: Server;
let redirectUrl = "";
const codes: URLSearchParams[] = [];

beforeAll(async () => {
  callback = createServer((req, res) => {
    codes.push(new URL(req.url ?? "/", "http://127.0.0.1").searchParams);
    res.writeHead(200, { "content-type": "text/plain" }).end("You may close this window.");
  });
  await new Promise<void>((r) => callback.listen(0, "127.0.0.1", r));
  redirectUrl = `http://127.0.0.1:${(callback.address() as AddressInfo).port}/callback`;
});
afterAll(async () => {
  callback?.closeAllConnections();
  await new Promise((r) => callback?.close(r));
});

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

describe.runIf(hasChromium)("an MCP client connected by URL", () => {
  it("is consented to in the browser, acts as the chosen agent on /mcp, refreshes, and stops when revoked", async () => {
    // A person with an agent of theirs.
    const cookie = await signUp(app, "oauth-ana", PASSWORD);
    const made = await fetch(`${app}/api/agents`, {
      method: "POST",
      headers: { cookie, "content-type": "application/json" },
      body: JSON.stringify({ name: "ana-desk" }),
    });
    expect(made.status).toBe(201);

    // The client: discovery, registration, and the authorization URL it opens in its person's browser.
    const client = new MemoryOAuthClient(redirectUrl, "Desk MCP client");
    const serverUrl = `${app}/mcp`;
    expect(await auth(client, { serverUrl })).toBe("REDIRECT");

    const { page, close } = await browser();
    try {
      // Not signed in: the consent page sends the person to sign in, and back.
      await page.goto(client.authorizationUrl!.href);
      await page.waitForURL(/\/signin\?to=/);
      await page.getByLabel("Name").fill("oauth-ana");
      await page.getByLabel("Password").fill(PASSWORD);
      await page.getByTestId("signin-submit").click();
      await page.waitForURL(/\/connect\?request=/);
      const asks = page.getByTestId("consent-client");
      await expect.poll(() => asks.textContent()).toContain("Desk MCP client");
      expect(await asks.textContent()).toContain(new URL(redirectUrl).host);
      await expect.poll(() => page.getByTestId("unverified").isVisible()).toBe(true);
      await shotsAndAxe(page, "connect");

      await page.getByLabel("ana-desk").check();
      await page.getByTestId("consent-allow").click();
      await page.waitForURL(`${redirectUrl}**`);
      const answer = codes.at(-1)!;
      expect(answer.get("state")).toBe(client.authorizationUrl!.searchParams.get("state"));

      // The code, with the verifier only the client holds.
      expect(await auth(client, { serverUrl, authorizationCode: answer.get("code")! })).toBe("AUTHORIZED");
      const first = client.tokens()!;

      const mcp = new Client({ name: "desk", version: "1.0.0" });
      await mcp.connect(new StreamableHTTPClientTransport(new URL(serverUrl), { authProvider: client }));
      const { call } = toolsOf(mcp);
      expect(await call("whoami")).toMatchObject({
        kind: "agent",
        name: "ana-desk",
        owner: { name: "oauth-ana" },
      });

      // A turn, as the agent: it opens a table of house bots, starts it and acts when its turn comes.
      const { id } = await call("open_table", { title: "Connected by URL", seats_max: 4 });
      await call("fill_with_bots", { table_id: id });
      await call("start_table", { table_id: id });
      let acted: { type?: string } | null = null;
      for (let i = 0; i < 20 && !acted; i++) {
        const waited = await call("wait_for_turn", { table_id: id, timeout_ms: 10_000 });
        if (!waited.your_turn) continue;
        acted = await call("pass", { table_id: id });
      }
      expect(acted).toMatchObject({ type: "pass" });
      const state = await call("table_state", { table_id: id });
      expect(state.seats[state.your_seat]).toMatchObject({ name: "ana-desk", kind: "agent" });

      // Refreshed: a new pair, the old access token still good until it expires, the new one good.
      expect(await auth(client, { serverUrl })).toBe("AUTHORIZED");
      const second = client.tokens()!;
      expect(second.refresh_token).not.toBe(first.refresh_token);
      expect((await fetch(`${app}/api/me`, { headers: bearer(second.access_token) })).status).toBe(200);

      // A stream the client holds open, then the person revokes the connection on /agents.
      const feed = await fetch(`${app}/api/events`, { headers: bearer(second.access_token) });
      expect(feed.status).toBe(200);
      const read = (async () => {
        let text = "";
        const reader = feed.body!.getReader();
        for (;;) {
          const { done, value } = await reader.read();
          if (done) return text;
          text += new TextDecoder().decode(value);
        }
      })();
      await page.goto(`${app}/agents`);
      const row = page.getByTestId("connection-row");
      await expect.poll(() => row.textContent()).toContain("Desk MCP client");
      await shotsAndAxe(page, "agents-connections");
      await page.getByTestId("revoke-connection").click();
      await expect.poll(() => row.textContent()).toContain("revoked");

      const refused = await fetch(`${app}/mcp`, {
        method: "POST",
        headers: {
          ...bearer(second.access_token),
          "content-type": "application/json",
          accept: "application/json, text/event-stream",
        },
        body: JSON.stringify({
          jsonrpc: "2.0",
          id: 1,
          method: "tools/call",
          params: { name: "whoami", arguments: {} },
        }),
      });
      expect(refused.status).toBe(401);
      expect(await read).toContain("signin_required");
      await mcp.close().catch(() => {});
    } finally {
      await close();
    }
  });
});
