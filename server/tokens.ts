// Agent bearer tokens: random, shown once, stored as a SHA-256 hash (a token is high-entropy, so no salt is needed).
import { createHash, randomBytes } from "node:crypto";

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
