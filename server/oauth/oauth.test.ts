// Connect by URL, served as the app serves it (server/main.ts's routing: the fast lane's doors and the OAuth paths):
// an MCP client with the SDK's own auth() finds the metadata, registers, is sent to the consent page, is answered by
// its person (the consent action, as the page calls it), exchanges its code with its PKCE verifier, and acts on /mcp
// as the chosen agent; refreshes; stops at once when revoked. And the floor: exact redirect URIs (loopback ports
// aside), single-use short-lived codes, rotating refresh tokens, resource indicators, per-address limits, suspension.
import { auth } from "@modelcontextprotocol/sdk/client/auth.js";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { answerConsent, consentRequest, listConnections, revokeConnection } from "../actions/oauth";
import { setDatabase } from "../db";
import { REGISTER_PER_ADDRESS } from "../rules/oauth";
import { makeUser, testDatabase, type TestDatabase } from "../testing/db";
import { MemoryOAuthClient } from "../testing/oauthClient";
import { servedAsTheApp } from "../testing/app";
import type { Listening } from "../testing/served";

// next-auth's module does not load outside Next; who asks is read as server/auth.ts reads it.
vi.mock("../auth", () => import("../testing/app"));

let db: TestDatabase;
let server: Listening;
let base = "";
const REDIRECT = "http://127.0.0.1:8123/callback";

beforeAll(async () => {
  vi.stubEnv("PARLEY_AUTH_ADDRESS_LIMIT", undefined);
  db = await testDatabase();
  setDatabase(db);
  server = await servedAsTheApp();
  base = server.base;
  vi.stubEnv("PARLEY_URL", base);
});
afterAll(async () => {
  vi.unstubAllEnvs();
  await server?.close();
  setDatabase(undefined);
  await db?.drop();
});

const json = async (path: string, init?: RequestInit) => {
  const r = await fetch(base + path, init);
  return { status: r.status, headers: r.headers, body: (await r.json()) as Record<string, any> };
};

/** The person's side: the authorization URL followed to the consent page, answered; the client's code back. */
async function consent(
  client: MemoryOAuthClient,
  person: Awaited<ReturnType<typeof makeUser>>,
  choice: { agentId: number } | { newAgent: string },
) {
  const to = await fetch(client.authorizationUrl!, { redirect: "manual" });
  expect(to.status).toBe(302);
  const page = new URL(to.headers.get("location")!, base);
  expect(page.pathname).toBe("/connect");
  const request = page.searchParams.get("request")!;
  const r = await answerConsent(db.prisma, person, { request, allow: true, ...choice }, Date.now());
  if (!r.ok) throw new Error(r.message);
  const back = new URL(r.value.redirectTo);
  return { request, back, code: back.searchParams.get("code")! };
}

/** A client that registers and is authorized by `person` as an agent: its tokens, through the SDK's auth(). */
async function connected(person: Awaited<ReturnType<typeof makeUser>>, newAgent: string) {
  const client = new MemoryOAuthClient(REDIRECT);
  expect(await auth(client, { serverUrl: `${base}/mcp` })).toBe("REDIRECT");
  const { code } = await consent(client, person, { newAgent });
  expect(await auth(client, { serverUrl: `${base}/mcp`, authorizationCode: code })).toBe("AUTHORIZED");
  return client;
}

const whoami = async (token: string) => {
  const r = await fetch(`${base}/api/me`, { headers: { authorization: `Bearer ${token}` } });
  return { status: r.status, body: (await r.json()) as Record<string, any> };
};

describe("metadata", () => {
  it("names Parley's authorization server for /mcp (RFC 9728) and what it supports (RFC 8414)", async () => {
    for (const [path, resource] of [
      ["/.well-known/oauth-protected-resource/mcp", "/mcp"],
      ["/.well-known/oauth-protected-resource", "/mcp"],
      ["/.well-known/oauth-protected-resource/mcp/tables", "/mcp/tables"],
      ["/.well-known/oauth-protected-resource/mcp/councils", "/mcp/councils"],
      ["/.well-known/oauth-protected-resource/mcp/plans", "/mcp/plans"],
    ]) {
      const r = await json(path!);
      expect(r.status, path).toBe(200);
      expect(r.body).toMatchObject({
        resource: `${base}${resource}`,
        authorization_servers: [`${base}/`],
        scopes_supported: ["agent"],
      });
    }
    const as = await json("/.well-known/oauth-authorization-server");
    expect(as.body).toMatchObject({
      issuer: `${base}/`,
      authorization_endpoint: `${base}/authorize`,
      token_endpoint: `${base}/token`,
      registration_endpoint: `${base}/register`,
      revocation_endpoint: `${base}/revoke`,
      code_challenge_methods_supported: ["S256"],
      grant_types_supported: ["authorization_code", "refresh_token"],
    });
  });
});

describe("a client connected by URL", () => {
  it("acts as the agent its person chose, on /mcp; refreshes; stops at once when revoked", async () => {
    const ada = await makeUser(db, "ada-oauth");
    const client = new MemoryOAuthClient(REDIRECT, "Desk client");
    expect(await auth(client, { serverUrl: `${base}/mcp` })).toBe("REDIRECT");
    const asked = client.authorizationUrl!;
    expect(asked.searchParams.get("code_challenge_method")).toBe("S256");
    expect(asked.searchParams.get("resource")).toBe(`${base}/mcp`);
    expect(asked.searchParams.get("scope")).toBe("agent");

    // The consent page's question: who asks, where its answer goes, that nobody vouches for its name.
    const to = await fetch(asked, { redirect: "manual" });
    const request = new URL(to.headers.get("location")!, base).searchParams.get("request")!;
    const seen = await consentRequest(db.prisma, ada, { request }, Date.now());
    expect(seen).toMatchObject({
      ok: true,
      value: {
        client: { name: "Desk client", redirectHost: "127.0.0.1:8123", unverified: true },
        agents: [],
      },
    });
    const answered = await answerConsent(
      db.prisma,
      ada,
      { request, allow: true, newAgent: "desk" },
      Date.now(),
    );
    if (!answered.ok) throw new Error(answered.message);
    const back = new URL(answered.value.redirectTo);
    expect(back.origin + back.pathname).toBe(REDIRECT);
    expect(back.searchParams.get("state")).toBe(asked.searchParams.get("state"));
    // answered once
    expect(
      await answerConsent(db.prisma, ada, { request, allow: true, newAgent: "desk2" }, Date.now()),
    ).toMatchObject({
      ok: false,
      code: "conflict",
    });

    expect(
      await auth(client, { serverUrl: `${base}/mcp`, authorizationCode: back.searchParams.get("code")! }),
    ).toBe("AUTHORIZED");
    const first = client.tokens()!;
    expect(first).toMatchObject({ token_type: "Bearer", expires_in: 3600, scope: "agent" });
    expect(first.access_token).toMatch(/^prlo_/);

    // On /mcp, through the SDK's own client and transport, as the agent — never as the person.
    const mcp = new Client({ name: "oauth-test", version: "1.0.0" });
    await mcp.connect(new StreamableHTTPClientTransport(new URL(`${base}/mcp`), { authProvider: client }));
    const me = await mcp.callTool({ name: "whoami", arguments: {} });
    const text = (me.content as { text: string }[])[0]!.text;
    expect(JSON.parse(text)).toMatchObject({ kind: "agent", name: "desk", owner: { name: "ada-oauth" } });
    await mcp.close();

    // Refreshed: a new pair; the old refresh token is spent.
    expect(await auth(client, { serverUrl: `${base}/mcp` })).toBe("AUTHORIZED");
    const second = client.tokens()!;
    expect(second.access_token).not.toBe(first.access_token);
    expect(second.refresh_token).not.toBe(first.refresh_token);
    expect((await whoami(second.access_token)).body).toMatchObject({ kind: "agent", name: "desk" });

    // Listed on /agents beside the agent, and revoked there: the next request is refused.
    const listed = await listConnections(db.prisma, ada);
    if (!listed.ok) throw new Error(listed.message);
    expect(listed.value).toMatchObject([
      { client: "Desk client", redirectHost: "127.0.0.1:8123", revokedAt: null },
    ]);
    expect(await revokeConnection(db.prisma, ada, { id: listed.value[0]!.id }, Date.now())).toMatchObject({
      ok: true,
    });
    const refused = await whoami(second.access_token);
    expect(refused.status).toBe(401);
    expect(refused.body.error.code).toBe("signin_required");
    // and it cannot refresh its way back
    const again = await json("/token", {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({
        grant_type: "refresh_token",
        refresh_token: second.refresh_token!,
        client_id: client.client!.client_id,
      }),
    });
    expect(again).toMatchObject({ status: 400, body: { error: "invalid_grant" } });
  });

  it("acts as an agent the person already has, chosen on the page", async () => {
    const bo = await makeUser(db, "bo-oauth");
    const agent = await db.prisma.agent.create({
      data: { ownerId: bo.userId, name: "bo-bot", tokenHash: "h-bo-bot", tokenHint: "prl_…" },
    });
    const client = new MemoryOAuthClient(REDIRECT);
    await auth(client, { serverUrl: `${base}/mcp` });
    const { code } = await consent(client, bo, { agentId: agent.id });
    await auth(client, { serverUrl: `${base}/mcp`, authorizationCode: code });
    expect((await whoami(client.tokens()!.access_token)).body).toMatchObject({ kind: "agent", id: agent.id });
  });
});

describe("the person's answer", () => {
  it("a refusal sends the client access_denied; a revoked agent's connections stop with it", async () => {
    const gus = await makeUser(db, "gus-oauth");
    const refusedClient = new MemoryOAuthClient(REDIRECT);
    await auth(refusedClient, { serverUrl: `${base}/mcp` });
    const to = await fetch(refusedClient.authorizationUrl!, { redirect: "manual" });
    const request = new URL(to.headers.get("location")!, base).searchParams.get("request")!;
    const no = await answerConsent(db.prisma, gus, { request, allow: false }, Date.now());
    expect(no.ok && new URL(no.value.redirectTo).searchParams.get("error")).toBe("access_denied");

    const client = await connected(gus, "gus-bot");
    const token = client.tokens()!.access_token;
    expect((await whoami(token)).status).toBe(200);
    const agent = await db.prisma.agent.findFirstOrThrow({ where: { name: "gus-bot" } });
    await db.prisma.agent.update({ where: { id: agent.id }, data: { revokedAt: new Date() } });
    expect((await whoami(token)).status).toBe(401);
  });
});

describe("the floor", () => {
  it("a code is good once: used again, the tokens it gave stop too", async () => {
    const cy = await makeUser(db, "cy-oauth");
    const client = new MemoryOAuthClient(REDIRECT);
    await auth(client, { serverUrl: `${base}/mcp` });
    const { code } = await consent(client, cy, { newAgent: "cy-bot" });
    const exchange = () =>
      json("/token", {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({
          grant_type: "authorization_code",
          code,
          code_verifier: client.verifier,
          redirect_uri: REDIRECT,
          client_id: client.client!.client_id,
        }),
      });
    const first = await exchange();
    expect(first.status).toBe(200);
    expect((await whoami(first.body.access_token)).status).toBe(200);
    expect(await exchange()).toMatchObject({ status: 400, body: { error: "invalid_grant" } });
    expect((await whoami(first.body.access_token)).status).toBe(401);
  });

  it("a wrong PKCE verifier and an expired code are refused", async () => {
    const di = await makeUser(db, "di-oauth");
    const client = new MemoryOAuthClient(REDIRECT);
    await auth(client, { serverUrl: `${base}/mcp` });
    const { code } = await consent(client, di, { newAgent: "di-bot" });
    const body = (verifier: string) =>
      new URLSearchParams({
        grant_type: "authorization_code",
        code,
        code_verifier: verifier,
        client_id: client.client!.client_id,
      });
    const form = { "content-type": "application/x-www-form-urlencoded" };
    const wrong = await json("/token", { method: "POST", headers: form, body: body("x".repeat(43)) });
    expect(wrong).toMatchObject({ status: 400, body: { error: "invalid_grant" } });
    await db.prisma.oAuthCode.updateMany({
      data: { expiresAt: new Date(Date.now() - 1000) },
      where: { usedAt: null },
    });
    const late = await json("/token", { method: "POST", headers: form, body: body(client.verifier) });
    expect(late).toMatchObject({ status: 400, body: { error: "invalid_grant" } });
  });

  it("a refresh token is good once: used again, the connection stops", async () => {
    const ed = await makeUser(db, "ed-oauth");
    const client = await connected(ed, "ed-bot");
    const spent = client.tokens()!.refresh_token!;
    await auth(client, { serverUrl: `${base}/mcp` }); // rotated
    const fresh = client.tokens()!.access_token;
    expect((await whoami(fresh)).status).toBe(200);
    const replay = await json("/token", {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({
        grant_type: "refresh_token",
        refresh_token: spent,
        client_id: client.client!.client_id,
      }),
    });
    expect(replay).toMatchObject({ status: 400, body: { error: "invalid_grant" } });
    expect((await whoami(fresh)).status).toBe(401);
  });

  it("redirect URIs match exactly, but for a loopback one's port; a token is for this server's /mcp only", async () => {
    const client = new MemoryOAuthClient(REDIRECT);
    await auth(client, { serverUrl: `${base}/mcp` });
    const url = new URL(client.authorizationUrl!);
    const tryWith = async (params: Record<string, string>) => {
      const u = new URL(url);
      for (const [k, v] of Object.entries(params)) u.searchParams.set(k, v);
      return fetch(u, { redirect: "manual" });
    };
    expect((await tryWith({ redirect_uri: "http://127.0.0.1:8123/elsewhere" })).status).toBe(400);
    expect((await tryWith({ redirect_uri: "http://evil.example/callback" })).status).toBe(400);
    const otherPort = await tryWith({ redirect_uri: "http://127.0.0.1:9999/callback" });
    expect(otherPort.status).toBe(302);
    expect(otherPort.headers.get("location")).toMatch(/^\/connect\?request=/);
    const elsewhere = await tryWith({ resource: "https://other.example/mcp" });
    expect(elsewhere.status).toBe(302);
    expect(new URL(elsewhere.headers.get("location")!).searchParams.get("error")).toBe("invalid_target");
    const scope = await tryWith({ scope: "admin" });
    expect(new URL(scope.headers.get("location")!).searchParams.get("error")).toBe("invalid_scope");
  });

  it("a suspended person's clients stop with their agents", async () => {
    const fi = await makeUser(db, "fi-oauth");
    const admin = await makeUser(db, "fi-admin");
    const client = await connected(fi, "fi-bot");
    const token = client.tokens()!.access_token;
    expect((await whoami(token)).status).toBe(200);
    await db.prisma.moderationAct.create({
      data: {
        at: new Date(),
        action: "suspend",
        accountId: fi.userId,
        adminId: admin.userId,
        reason: "test",
      },
    });
    expect((await whoami(token)).status).toBe(401);
    const refresh = await json("/token", {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({
        grant_type: "refresh_token",
        refresh_token: client.tokens()!.refresh_token!,
        client_id: client.client!.client_id,
      }),
    });
    expect(refresh).toMatchObject({ status: 400, body: { error: "invalid_grant" } });
  });

  it("a body that does not parse, or is past the cap, is an OAuth error, never a page", async () => {
    const broken = await json("/token", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: "{",
    });
    expect(broken).toMatchObject({ status: 400, body: { error: "invalid_request" } });
    const big = await json("/token", {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: `code=${"x".repeat(70_000)}`,
    });
    expect(big).toMatchObject({ status: 413, body: { error: "invalid_request" } });
  });

  it("registrations are limited per address: past the limit, 429 with Retry-After", async () => {
    const register = () =>
      fetch(`${base}/register`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ redirect_uris: [REDIRECT], token_endpoint_auth_method: "none" }),
      });
    let refused: Response | null = null;
    for (let i = 0; i <= REGISTER_PER_ADDRESS && !refused; i++) {
      const r = await register();
      if (r.status === 429) refused = r;
      else expect(r.status).toBe(201);
    }
    expect(refused?.status).toBe(429);
    expect(Number(refused!.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await refused!.json()).toMatchObject({ error: "too_many_requests" });
  });
});
