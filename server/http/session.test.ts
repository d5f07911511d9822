// The session cookie, read from the request alone: a cookie next-auth's own encoder wrote names its person; a
// forged, expired or foreign one names nobody; the __Secure- name over https is read the same way.
import { encode } from "next-auth/jwt";
import { afterEach, describe, expect, it, vi } from "vitest";
import { SECURE_SESSION_COOKIE, SESSION_COOKIE, sessionUserId } from "./session";

const SECRET = "a test secret that is long enough to sign with";
const NOW_S = Math.floor(Date.now() / 1000);

const cookieOf = async (name: string, claims: Record<string, unknown>, secret = SECRET, maxAge = 3600) =>
  `${name}=${await encode({ token: claims, secret, salt: name, maxAge })}`;
const ask = (cookie: string | null) =>
  sessionUserId(new Request("http://localhost/api/me", { headers: cookie ? { cookie } : {} }), SECRET);

describe("the session cookie", () => {
  it("names the person next-auth signed in, under either cookie name, among other cookies", async () => {
    expect(await ask(await cookieOf(SESSION_COOKIE, { uid: 17 }))).toBe(17);
    expect(await ask(`theme=dark; ${await cookieOf(SECURE_SESSION_COOKIE, { uid: 18 })}; x=1`)).toBe(18);
  });

  it("names nobody for no cookie, a forged one, one sealed with another secret, or one past its expiry", async () => {
    expect(await ask(null)).toBeNull();
    expect(await ask("theme=dark")).toBeNull();
    expect(await ask(`${SESSION_COOKIE}=not-a-token`)).toBeNull();
    expect(
      await ask(await cookieOf(SESSION_COOKIE, { uid: 17 }, "another secret, just as long as ours")),
    ).toBeNull();
    const stale = await cookieOf(SESSION_COOKIE, { uid: 17, iat: NOW_S - 7200 }, SECRET, -3600);
    expect(await ask(stale)).toBeNull();
    // A cookie sealed for one name and sent under the other is refused (the name is the key's salt).
    const swapped = (await cookieOf(SESSION_COOKIE, { uid: 17 })).replace(
      SESSION_COOKIE,
      SECURE_SESSION_COOKIE,
    );
    expect(await ask(swapped)).toBeNull();
  });

  it("names nobody for a token without a numeric person id", async () => {
    expect(await ask(await cookieOf(SESSION_COOKIE, { uid: "17" }))).toBeNull();
    expect(await ask(await cookieOf(SESSION_COOKIE, { name: "ana" }))).toBeNull();
  });

  describe("opened once, then kept", () => {
    afterEach(() => vi.useRealTimers());

    it("names the same person again until the cookie expires, and nobody after", async () => {
      const cookie = await cookieOf(SESSION_COOKIE, { uid: 21 }, SECRET, 60);
      expect(await ask(cookie)).toBe(21);
      expect(await ask(cookie)).toBe(21);
      vi.useFakeTimers({ now: Date.now() + 120_000, toFake: ["Date"] });
      expect(await ask(cookie)).toBeNull();
    });

    it("is kept for the secret it was opened with: under another secret the same cookie names nobody", async () => {
      const cookie = await cookieOf(SESSION_COOKIE, { uid: 22 });
      expect(await ask(cookie)).toBe(22);
      const req = new Request("http://localhost/api/me", { headers: { cookie } });
      expect(await sessionUserId(req, "another secret, just as long as ours")).toBeNull();
    });
  });
});
