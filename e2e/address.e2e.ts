// A guest is known by its TCP peer at every door of the built app, whatever X-Forwarded-For or peer header it
// sends: the JSON API, tRPC and MCP (the fast lane) and a route Next serves (sign-in) all spend one guest's rate
// limit. Before, tRPC and MCP keyed a guest by the X-Forwarded-For it wrote, so a new one each call was never limited.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mcpToolCall } from "./http";
import { serveOwn, type Served } from "./servers";

const PORT = 3240;
let app: Served;
let n = 0;
/** Headers a client forging its address would send: a fresh X-Forwarded-For and peer header each call. */
const forged = () => ({ "x-forwarded-for": `198.51.100.${++n}`, "x-parley-peer": `203.0.113.${n}` });

beforeAll(async () => {
  app = await serveOwn(PORT, "address", {
    PARLEY_RATE_LIMIT: "1", // one write a minute, ten reads
    PARLEY_AUTH_ADDRESS_LIMIT: "3",
  });
});
afterAll(async () => app?.stop());

const json = async (r: Response) => ({ status: r.status, body: (await r.json()) as unknown });

const jsonApi = () => fetch(`${app.url}/api/tables`, { headers: forged() });
const trpc = () => fetch(`${app.url}/api/trpc/tables.list?input=%7B%7D`, { headers: forged() });
const mcp = () => mcpToolCall(app.url, "list_tables", {}, forged());
const signIn = () =>
  fetch(`${app.url}/api/auth/callback/credentials`, {
    method: "POST",
    redirect: "manual",
    headers: { ...forged(), "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ name: `guest-${n}`, password: "not the password" }),
  });

describe("a guest's address", () => {
  it("is its TCP peer at the JSON API, tRPC and MCP: ten reads a minute between them, however it names itself", async () => {
    const answers = [];
    // Ten reads, spread over the three doors, each naming a new address.
    for (let i = 0; i < 10; i++) answers.push((await [jsonApi, trpc, mcp][i % 3]!()).status);
    expect(answers).toEqual(Array(10).fill(200));
    // The eleventh read is refused at every door, whatever address it names.
    expect(await json(await jsonApi())).toMatchObject({
      status: 429,
      body: { error: { code: "rate_limited" } },
    });
    const viaTrpc = await trpc();
    expect(viaTrpc.status).toBe(429);
    expect(JSON.stringify(await viaTrpc.json())).toContain("rate_limited");
    const viaMcp = (await (await mcp()).json()) as {
      result?: { isError?: boolean; content: { text: string }[] };
    };
    expect(viaMcp.result?.isError).toBe(true);
    expect(viaMcp.result?.content[0]?.text).toMatch(/Too many requests/);
  });

  it("is its TCP peer on a route Next serves: sign-in's attempts per address hold however it names itself", async () => {
    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push((await signIn()).status);
    // Three attempts for three names reach the password check; the fourth, for a fourth name, is refused first.
    expect(statuses.slice(0, 3)).not.toContain(429);
    expect(statuses[3]).toBe(429);
  });
});
