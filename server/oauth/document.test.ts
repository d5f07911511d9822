// Client ID metadata documents and public clients' revocation, served as the app serves them (server/main.ts's
// routing): a client whose client_id is the URL of its document — served here by a real local http server, read through
// the webhooks' connect-time address check with PARLEY_CLIENT_ID_ALLOW_PRIVATE on — is asked about on the consent page
// by the name its document gives, exchanges its code and acts on /mcp as the chosen agent; its document is read once and
// kept until stale; a document that breaks a rule refuses the client with a sentence. A public client revokes its own
// tokens with its client_id alone (RFC 7009), as the metadata says it may.
import { createHash, randomBytes } from "node:crypto";
import { auth } from "@modelcontextprotocol/sdk/client/auth.js";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { answerConsent, consentRequest } from "../actions/oauth";
import { setDatabase } from "../db";
import { vouchedBy } from "../rules/oauth";
import { makeUser, testDatabase, type TestDatabase } from "../testing/db";
import { MemoryOAuthClient } from "../testing/oauthClient";
import { servedAsTheApp } from "../testing/app";
import { listening, type Listening } from "../testing/served";

// next-auth's module does not load outside Next; who asks is read as server/auth.ts reads it.
vi.mock("../auth", () => import("../testing/app"));

let db: TestDatabase;
let app: Listening;
let base = "";
/** The clients' own site: each path's answer (status, type, body), and how many times each path was read. */
let site: Listening;
let siteBase = "";
const pages = new Map<
  string,
  { status?: number; type?: string; headers?: Record<string, string>; body: string }
>();
const reads = new Map<string, number>();
const REDIRECT = "http://127.0.0.1:8123/callback";

beforeAll(async () => {
  vi.stubEnv("PARLEY_AUTH_ADDRESS_LIMIT", undefined);
  db = await testDatabase();
  setDatabase(db);
  app = await servedAsTheApp();
  base = app.base;
  site = await listening((req, res) => {
    reads.set(req.url!, (reads.get(req.url!) ?? 0) + 1);
    const page = pages.get(req.url!);
    if (!page) return void res.writeHead(404).end();
    res
      .writeHead(page.status ?? 200, { "content-type": page.type ?? "application/json", ...page.headers })
      .end(page.body);
  }, "127.0.0.1");
  siteBase = site.base;
  vi.stubEnv("PARLEY_URL", base);
  vi.stubEnv("PARLEY_CLIENT_ID_ALLOW_PRIVATE", "on");
});
afterAll(async () => {
  vi.unstubAllEnvs();
  await app?.close();
  await site?.close();
  setDatabase(undefined);
  await db?.drop();
});

/** A document at `path` on the clients' site; its client_id is its own URL unless the test says otherwise. */
function publish(path: string, doc: Record<string, unknown>, page: { type?: string; status?: number } = {}) {
  const clientId = `${siteBase}${path}`;
  pages.set(path, {
    ...page,
    headers: { "cache-control": "max-age=600" },
    body: JSON.stringify({ client_id: clientId, redirect_uris: [REDIRECT], ...doc }),
  });
  return clientId;
}

const pkce = () => {
  const verifier = randomBytes(32).toString("base64url");
  return { verifier, challenge: createHash("sha256").update(verifier).digest("base64url") };
};

/** The client's person's browser sent to /authorize: where the answer goes (a 302), or the refusal (a 400). */
async function authorize(clientId: string, challenge: string, redirectUri = REDIRECT) {
  const u = new URL(`${base}/authorize`);
  for (const [k, v] of Object.entries({
    client_id: clientId,
    redirect_uri: redirectUri,
    response_type: "code",
    code_challenge: challenge,
    code_challenge_method: "S256",
    resource: `${base}/mcp`,
    scope: "agent",
    state: "s1",
  }))
    u.searchParams.set(k, v);
  const r = await fetch(u, { redirect: "manual" });
  return {
    status: r.status,
    location: r.headers.get("location"),
    body: r.status === 302 ? null : ((await r.json()) as Record<string, string>),
  };
}

const form = (fields: Record<string, string>) => ({
  method: "POST",
  headers: { "content-type": "application/x-www-form-urlencoded" },
  body: new URLSearchParams(fields),
});

const whoami = async (token: string) => {
  const r = await fetch(`${base}/api/me`, { headers: { authorization: `Bearer ${token}` } });
  return { status: r.status, body: (await r.json()) as Record<string, unknown> };
};

describe("the authorization server's metadata", () => {
  it("says a client_id may be a metadata document's URL, and a public client revokes with its client_id alone", async () => {
    const r = await fetch(`${base}/.well-known/oauth-authorization-server`);
    expect(await r.json()).toMatchObject({
      client_id_metadata_document_supported: true,
      revocation_endpoint: `${base}/revoke`,
      revocation_endpoint_auth_methods_supported: ["client_secret_post", "none"],
      token_endpoint_auth_methods_supported: ["client_secret_post", "none"],
    });
  });
});

describe("a public client's revocation (RFC 7009)", () => {
  it("revokes its own tokens with its client_id alone; another client's request revokes nothing", async () => {
    const ana = await makeUser(db, "ana-revoke");
    const client = new MemoryOAuthClient(REDIRECT, "Public client");
    expect(await auth(client, { serverUrl: `${base}/mcp` })).toBe("REDIRECT");
    const to = await fetch(client.authorizationUrl!, { redirect: "manual" });
    const request = new URL(to.headers.get("location")!, base).searchParams.get("request")!;
    const answered = await answerConsent(
      db.prisma,
      ana,
      { request, allow: true, newAgent: "ana-bot" },
      Date.now(),
    );
    if (!answered.ok) throw new Error(answered.message);
    const code = new URL(answered.value.redirectTo).searchParams.get("code")!;
    expect(await auth(client, { serverUrl: `${base}/mcp`, authorizationCode: code })).toBe("AUTHORIZED");
    const { access_token, refresh_token } = client.tokens()!;
    expect(client.client).toMatchObject({ token_endpoint_auth_method: "none" });
    expect((await whoami(access_token)).status).toBe(200);

    // Another public client cannot revoke it: answered 200 as RFC 7009 asks, and the token still works.
    const other = new MemoryOAuthClient(REDIRECT, "Another client");
    await auth(other, { serverUrl: `${base}/mcp` });
    const foreign = await fetch(
      `${base}/revoke`,
      form({ token: refresh_token!, client_id: other.client!.client_id }),
    );
    expect(foreign.status).toBe(200);
    expect((await whoami(access_token)).status).toBe(200);

    const own = await fetch(
      `${base}/revoke`,
      form({ token: refresh_token!, client_id: client.client!.client_id }),
    );
    expect(own.status).toBe(200);
    expect(await own.json()).toEqual({});
    expect((await whoami(access_token)).status).toBe(401);
  });
});

describe("a client named by its metadata document", () => {
  it("is asked about by its document's name, exchanges its code, acts as the agent; its document is read once", async () => {
    const bea = await makeUser(db, "bea-doc");
    const clientId = publish("/clients/desk.json", { client_name: "Desk by document" });
    const { verifier, challenge } = pkce();
    const asked = await authorize(clientId, challenge);
    expect(asked.status).toBe(302);
    const request = new URL(asked.location!, base).searchParams.get("request")!;
    const seen = await consentRequest(db.prisma, bea, { request }, Date.now());
    expect(seen).toMatchObject({
      ok: true,
      value: {
        client: {
          name: "Desk by document",
          site: new URL(siteBase).host,
          redirectHost: "127.0.0.1:8123",
          // its answer goes to a loopback address, which any program on the person's machine may claim
          unverified: true,
        },
      },
    });
    const answered = await answerConsent(
      db.prisma,
      bea,
      { request, allow: true, newAgent: "bea-bot" },
      Date.now(),
    );
    if (!answered.ok) throw new Error(answered.message);
    const code = new URL(answered.value.redirectTo).searchParams.get("code")!;
    const token = await fetch(
      `${base}/token`,
      form({
        grant_type: "authorization_code",
        code,
        code_verifier: verifier,
        redirect_uri: REDIRECT,
        client_id: clientId,
      }),
    );
    expect(token.status).toBe(200);
    const tokens = (await token.json()) as { access_token: string; refresh_token: string };
    expect((await whoami(tokens.access_token)).body).toMatchObject({ kind: "agent", name: "bea-bot" });
    // authorize, token: one read, the copy kept in the database served the second
    expect(reads.get("/clients/desk.json")).toBe(1);

    // It revokes its own token with its client_id alone, as any public client.
    expect(
      (await fetch(`${base}/revoke`, form({ token: tokens.refresh_token, client_id: clientId }))).status,
    ).toBe(200);
    expect((await whoami(tokens.access_token)).status).toBe(401);
  });

  it("is read again once its copy is stale, and says what it says now", async () => {
    const cal = await makeUser(db, "cal-doc");
    const clientId = publish("/clients/renamed.json", { client_name: "Old name" });
    const { challenge } = pkce();
    expect((await authorize(clientId, challenge)).status).toBe(302);
    publish("/clients/renamed.json", { client_name: "New name" });
    expect((await authorize(clientId, challenge)).status).toBe(302); // still fresh: not read
    expect(reads.get("/clients/renamed.json")).toBe(1);
    await db.prisma.oAuthClient.update({
      where: { id: clientId },
      data: { documentExpiresAt: new Date(Date.now() - 1000) },
    });
    const again = await authorize(clientId, challenge);
    expect(reads.get("/clients/renamed.json")).toBe(2);
    const request = new URL(again.location!, base).searchParams.get("request")!;
    expect(await consentRequest(db.prisma, cal, { request }, Date.now())).toMatchObject({
      ok: true,
      value: { client: { name: "New name" } },
    });
  });

  it("is refused, with the reason, when its document breaks a rule or its redirect URI is not listed", async () => {
    const { challenge } = pkce();
    const refused = async (clientId: string, redirectUri = REDIRECT) => {
      const r = await authorize(clientId, challenge, redirectUri);
      expect(r.status, clientId).toBe(400);
      return r.body!;
    };
    const other = publish("/clients/listed.json", {});
    expect(await refused(other, "http://127.0.0.1:8123/elsewhere")).toMatchObject({
      error: "invalid_request",
      error_description: "Unregistered redirect_uri",
    });
    const liar = publish("/clients/liar.json", { client_id: "https://trusted.example/client.json" });
    expect((await refused(liar)).error_description).toContain("not the document's URL");
    const secret = publish("/clients/secret.json", { token_endpoint_auth_method: "client_secret_post" });
    expect((await refused(secret)).error_description).toContain('a client named by a document uses "none"');
    const http = publish("/clients/http.json", { redirect_uris: ["http://evil.example/callback"] });
    expect((await refused(http)).error_description).toContain("must be https");
    const html = publish("/clients/page.json", {}, { type: "text/html" });
    expect((await refused(html)).error_description).toContain("not application/json");
    pages.set("/clients/moved.json", {
      status: 302,
      headers: { location: "/clients/listed.json" },
      body: "",
    });
    expect((await refused(`${siteBase}/clients/moved.json`)).error_description).toContain("answered 302");
    pages.set("/clients/big.json", { body: JSON.stringify({ pad: "x".repeat(6_000) }) });
    expect((await refused(`${siteBase}/clients/big.json`)).error_description).toContain(
      "longer than 5120 bytes",
    );
    expect((await refused(`${siteBase}/`)).error_description).toContain("must have a path");
    for (const r of [liar, secret, http, html])
      expect(await refused(r)).toMatchObject({ error: "invalid_client" });
  });

  it("is read only over https from a public address unless PARLEY_CLIENT_ID_ALLOW_PRIVATE is on", async () => {
    vi.stubEnv("PARLEY_CLIENT_ID_ALLOW_PRIVATE", "off");
    try {
      const { challenge } = pkce();
      const plain = await authorize(publish("/clients/plain.json", {}), challenge);
      expect(plain).toMatchObject({ status: 400, body: { error: "invalid_client" } });
      expect(plain.body!.error_description).toBe("A client_id that is a URL must be https.");
      // Refused by the webhooks' connect-time check before any TLS: this machine's loopback address.
      const port = new URL(siteBase).port;
      const local = await authorize(`https://127.0.0.1:${port}/clients/plain.json`, challenge);
      expect(local).toMatchObject({ status: 400, body: { error: "invalid_client" } });
      expect(local.body!.error_description).toContain("127.0.0.1 is a loopback address");
      expect(local.body!.error_description).toContain("PARLEY_CLIENT_ID_ALLOW_PRIVATE=on");
    } finally {
      vi.stubEnv("PARLEY_CLIENT_ID_ALLOW_PRIVATE", "on");
    }
  });
});

describe("who vouches for a client (the consent page's unverified mark)", () => {
  it("only the https site that published the document, when the answer goes back to it", () => {
    const id = "https://app.example/oauth/client.json";
    expect(vouchedBy(id, "https://app.example/callback")).toBe("app.example");
    expect(vouchedBy(id, "https://elsewhere.example/callback")).toBeNull();
    expect(vouchedBy(id, "http://127.0.0.1:8123/callback")).toBeNull();
    expect(vouchedBy(id, "cursor://anysphere.cursor-mcp/oauth/callback")).toBeNull();
    expect(vouchedBy("http://app.example/client.json", "http://app.example/callback")).toBeNull();
    expect(vouchedBy("6f1c0a5e-0000-4000-8000-000000000000", "https://app.example/callback")).toBeNull();
  });
});
