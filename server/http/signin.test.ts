// Sign-in and sign-up behind their floor, before any password is hashed: a name checked as every door checks input
// (a NUL is 422, never a 500), a few attempts a minute per address, failures held per name × address and, spread over
// addresses that never signed in to it, per name — never the owner's right password from an address that has not
// failed — then 429 with Retry-After; bodies capped before anything reads them. (Through next-auth's real flow, in the
// built app: e2e/signin.e2e.ts.)
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { registerLocal } from "../actions/accounts";
import { fixedClock } from "../clock";
import { setDatabase } from "../db";
import { ANON } from "../identity";
import { testDatabase, type TestDatabase } from "../testing/db";
import { api } from "../testing/doors";
import {
  SIGN_IN_FAILS_PER_NAME,
  SIGN_IN_FAILS_PER_NAME_AND_ADDRESS,
  SIGN_IN_PER_ADDRESS,
  SIGN_UP_PER_ADDRESS,
} from "./limits";

// next-auth resolves `next/server` only inside Next's bundler. Outside it, a stand-in for its credentials callback
// that does what next-auth does with our config: hands the form to the Credentials provider's authorize (our
// verifyLocal, with its scrypt) and answers `{ url }`, carrying `error=CredentialsSignin` on a failure, and the
// session cookie on a success.
const reached = vi.hoisted(() => ({ count: 0 }));
vi.mock("next-auth", () => ({
  default: (config: () => { providers: { authorize(c: unknown, r: Request): Promise<unknown> }[] }) => ({
    handlers: {
      GET: async () => new Response(null, { status: 404 }),
      POST: async (req: Request) => {
        reached.count++;
        const form = Object.fromEntries(new URLSearchParams(await req.text()));
        const user = await config().providers[0]!.authorize(form, req);
        const origin = new URL(req.url).origin;
        if (!user) return Response.json({ url: `${origin}/api/auth/error?error=CredentialsSignin` });
        const cookie = "authjs.session-token=sealed; Path=/; HttpOnly; SameSite=Lax";
        return Response.json({ url: origin }, { headers: { "set-cookie": cookie } });
      },
    },
    auth: async () => null,
    signIn: async () => {},
    signOut: async () => {},
  }),
}));
vi.mock("next-auth/providers/credentials", () => ({ default: (options: unknown) => options }));
vi.mock("next-auth/providers/github", () => ({ default: () => ({}) }));
vi.mock("next-auth/providers/google", () => ({ default: () => ({}) }));

const { authPost, AUTH_BODY_MAX } = await import("../auth");

const PASSWORD = "the right password";
let db: TestDatabase;
beforeAll(async () => {
  process.env.AUTH_SECRET ??= "a test secret that is long enough to sign with";
  db = await testDatabase();
  setDatabase(db);
  const r = await registerLocal(db.prisma, { name: "Victim", password: PASSWORD });
  if (!r.ok) throw new Error(r.message);
});
afterAll(async () => {
  setDatabase(undefined);
  await db?.drop();
});
beforeEach(() => {
  reached.count = 0;
});

const signIn = (name: string, password: string, from: string, body?: string) =>
  authPost(
    new Request("http://localhost:3000/api/auth/callback/credentials", {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", "x-forwarded-for": from },
      body: body ?? new URLSearchParams({ csrfToken: "t", name, password, callbackUrl: "/" }).toString(),
    }),
  );

const signedIn = async (r: Response) =>
  r.status === 200 && !!r.headers.get("set-cookie") && !(await r.clone().json()).url.includes("error");

describe("sign-in", () => {
  it("wrong passwords from one address hold that address at that name, never the owner's from another", async () => {
    const statuses: number[] = [];
    let limited: Response | null = null;
    for (let i = 0; i < 20; i++) {
      const r = await signIn(i % 2 ? "victim" : "VICTIM", `guess ${i}`, "198.51.100.66");
      statuses.push(r.status);
      if (r.status === 429) limited ??= r;
    }
    const held = SIGN_IN_FAILS_PER_NAME_AND_ADDRESS;
    expect(statuses).toEqual([...Array(held).fill(200), ...Array(20 - held).fill(429)]);
    expect(reached.count).toBe(held); // the rest never reached a password check
    expect(Number(limited!.headers.get("retry-after"))).toBeGreaterThan(60); // held for the pair's window
    const body = (await limited!.json()) as { error: { code: string; message: string }; url: string };
    expect(body.error.code).toBe("rate_limited");
    expect(body.error.message).toMatch(/^Too many requests; try again in \d+ seconds?\.$/);
    expect(new URL(body.url).searchParams.get("error")).toBe("rate_limited"); // next-auth's client reads `url`
    // the owner, from an address that has not failed: signed in, and again (nothing of theirs was spent)
    expect(await signedIn(await signIn("Victim", PASSWORD, "203.0.113.50"))).toBe(true);
    expect(await signedIn(await signIn("victim", PASSWORD, "203.0.113.51"))).toBe(true);
    // the failing address is still held, the right password included
    expect((await signIn("Victim", PASSWORD, "198.51.100.66")).status).toBe(429);
  });

  it("guessing spread over many addresses holds new addresses at that name, never one its owner signed in from", async () => {
    await registerLocal(db.prisma, { name: "Spread", password: PASSWORD });
    expect(await signedIn(await signIn("Spread", PASSWORD, "192.0.2.10"))).toBe(true);
    for (let i = 0; i < SIGN_IN_FAILS_PER_NAME; i++)
      expect((await signIn("spread", `guess ${i}`, `198.18.${i % 4}.${i}`)).status).toBe(200);
    const stranger = await signIn("Spread", PASSWORD, "198.18.9.9");
    expect(stranger.status).toBe(429);
    expect(Number(stranger.headers.get("retry-after"))).toBeGreaterThan(60);
    expect(await signedIn(await signIn("Spread", PASSWORD, "192.0.2.10"))).toBe(true);
  });

  it("refuses a name PostgreSQL cannot hold with 422, before any limit is keyed by it or any password checked", async () => {
    for (const name of ["Vic\u0000tim", "\u0000", ""]) {
      const r = await signIn(name, "wrong", "192.0.2.60");
      expect(r.status, JSON.stringify(name)).toBe(422);
      const body = (await r.json()) as { error: { code: string; message: string }; url: string };
      expect(body.error.code).toBe("invalid");
      expect(body.error.message.length).toBeGreaterThan(5);
      expect(new URL(body.url).searchParams.get("error")).toBe("invalid");
    }
    expect(reached.count).toBe(0);
  });

  it("refuses a form naming two names, so no attempt is limited under one name and checked under another", async () => {
    const body = new URLSearchParams([
      ["csrfToken", "t"],
      ["name", "someone-else"],
      ["name", "Victim"],
      ["password", "a guess"],
    ]).toString();
    const r = await signIn("", "", "192.0.2.61", body);
    expect(r.status).toBe(422);
    expect(reached.count).toBe(0);
  });

  it("answers a known name with a wrong password and an unknown name alike", async () => {
    await registerLocal(db.prisma, { name: "Witness", password: PASSWORD });
    const known = await signIn("Witness", "wrong", "203.0.113.1");
    const unknown = await signIn("nobody-here", "wrong", "203.0.113.2");
    expect(known.status).toBe(unknown.status);
    expect(await known.json()).toEqual(await unknown.json());
  });

  it("is limited per address too, whatever the names", async () => {
    const statuses: number[] = [];
    for (let i = 0; i <= SIGN_IN_PER_ADDRESS; i++)
      statuses.push((await signIn(`someone-${i}`, "wrong", "192.0.2.77")).status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(SIGN_IN_PER_ADDRESS);
    expect(statuses.at(-1)).toBe(429);
  });

  it("refuses a body past AUTH_BODY_MAX before reading a password", async () => {
    const r = await signIn("", "", "192.0.2.80", `name=Victim&password=${"x".repeat(AUTH_BODY_MAX)}`);
    expect(r.status).toBe(422);
    expect(reached.count).toBe(0);
  });
});

describe("sign-up (POST /api/accounts)", () => {
  it("is limited per address: 429 with Retry-After past a few a minute", async () => {
    const post = api(db.prisma, ANON, { clock: fixedClock(Date.now()) });
    const statuses: number[] = [];
    let limited: Awaited<ReturnType<typeof post>> | null = null;
    for (let i = 0; i <= SIGN_UP_PER_ADDRESS; i++) {
      const r = await post(
        "POST",
        "/api/accounts",
        { name: `joiner-${i}`, password: PASSWORD },
        {
          "x-forwarded-for": "192.0.2.90",
        },
      );
      statuses.push(r.status);
      if (r.status === 429) limited = r;
    }
    expect(statuses.slice(0, SIGN_UP_PER_ADDRESS)).toEqual(Array(SIGN_UP_PER_ADDRESS).fill(201));
    expect(statuses.at(-1)).toBe(429);
    expect(limited!.body.error.code).toBe("rate_limited");
    expect(Number(limited!.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await db.prisma.user.count({ where: { name: { startsWith: "joiner-" } } })).toBe(
      SIGN_UP_PER_ADDRESS,
    );
    // another address is not held up
    const other = await post(
      "POST",
      "/api/accounts",
      { name: "joiner-elsewhere", password: PASSWORD },
      {
        "x-forwarded-for": "192.0.2.91",
      },
    );
    expect(other.status).toBe(201);
  });
});
