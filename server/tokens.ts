// Agent bearer tokens: random, shown once, stored as a SHA-256 hash (a token is high-entropy, so no salt is needed).
import { createHash, createHmac, randomBytes, timingSafeEqual } from "node:crypto";

export const TOKEN_PREFIX = "prl_";

export function newToken(): string {
  return TOKEN_PREFIX + randomBytes(24).toString("base64url");
}

export function hashToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

/** What a list shows of a token: enough to tell two apart, never enough to use one. */
export function tokenHint(token: string): string {
  return `${token.slice(0, TOKEN_PREFIX.length + 4)}…`;
}

/**
 * A link's token that needs no storing: an HMAC of what the link is for and its row's id under `secret` (the app's
 * AUTH_SECRET). Unsubscribing, confirming an address and resetting a password all mail one.
 */
export function linkToken(secret: string, purpose: string, id: number): string {
  return createHmac("sha256", secret).update(`parley ${purpose} ${id}`).digest("base64url");
}

/** Whether `token` is the link token for (purpose, id), compared in constant time. */
export function linkTokenMatches(secret: string, purpose: string, id: number, token: string): boolean {
  const want = Buffer.from(linkToken(secret, purpose, id));
  const got = Buffer.from(token);
  return want.length === got.length && timingSafeEqual(want, got);
}
