// GET /councils/:id/minutes.md through the real route handler: a live token reads, an unknown or revoked one is
// refused with 401 signin_required (not read as a guest), and a request with no token reads as a guest.
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createAgent, revokeAgent } from "@/server/actions/agents";
import { convened, modelSeat, people, table } from "@/server/actions/council/testing";
import { setDatabase } from "@/server/db";
import { testDatabase, type TestDatabase } from "@/server/testing/db";
import { GET } from "./route";

// next-auth resolves `next/server` only inside Next's bundler; outside it the session is stubbed as "none", so
// the route and server/auth.ts's own token check run as they are.
vi.mock("next-auth", () => ({
  default: () => ({ handlers: {}, auth: async () => null, signIn: async () => {}, signOut: async () => {} }),
}));
vi.mock("next-auth/providers/credentials", () => ({ default: () => ({}) }));
vi.mock("next-auth/providers/github", () => ({ default: () => ({}) }));
vi.mock("next-auth/providers/google", () => ({ default: () => ({}) }));

let db: TestDatabase;
let id: number;
let token: string;
let revoked: string;
beforeAll(async () => {
  db = await testDatabase();
  setDatabase(db);
  const { fac } = await people(db, "md", ["fac"]);
  // The route reads the wall clock, so the table is convened by it too (never a fixed date beside the real clock).
  id = await convened(db, fac, table([modelSeat("a"), modelSeat("b"), modelSeat("c")]), Date.now());
  const live = await createAgent(db.prisma, fac, { name: "md-live" });
  const gone = await createAgent(db.prisma, fac, { name: "md-gone" });
  if (!live.ok || !gone.ok) throw new Error("no agent");
  token = live.value.token;
  revoked = gone.value.token;
  await revokeAgent(db.prisma, fac, { id: gone.value.id });
});
afterAll(async () => {
  setDatabase(undefined);
  await db?.drop();
});

const get = (headers: Record<string, string> = {}) =>
  GET(new Request(`http://localhost/councils/${id}/minutes.md`, { headers }), {
    params: Promise.resolve({ id: String(id) }),
  });

describe("minutes.md and bearer tokens", () => {
  it("a live token reads the minutes", async () => {
    const res = await get({ authorization: `Bearer ${token}` });
    expect(res.status).toBe(200);
    expect(await res.text()).toContain(`# Minutes — Round Table ${id}`);
  });

  it("a revoked token is 401 signin_required, not a guest's 200", async () => {
    const res = await get({ authorization: `Bearer ${revoked}` });
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({
      error: { code: "signin_required", message: "That bearer token is unknown or revoked." },
    });
  });

  it("an unknown token is 401 too", async () => {
    const res = await get({ authorization: "Bearer pk_nothing_like_a_token" });
    expect(res.status).toBe(401);
  });

  it("no token at all reads as a guest", async () => {
    expect((await get()).status).toBe(200);
  });
});
