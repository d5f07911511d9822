// The claims a seat is about to say, on an act or in a whisper: a list kept one claim per clause, up to the rules' cap.
import type { Claim } from "@/server/rules/game";

/**
 * How many claims the form takes: the rules' SAID_CLAIMS_MAX, and never more than one per charter clause. The rules
 * would take two claims on one clause (check() does not refuse them), but "I want beacon kept" said twice adds
 * nothing, and said both ways it is a lie the reveal exposes anyway: the form offers each clause once.
 */
export const claimRoom = (charter: readonly string[], max: number) => Math.min(max, charter.length);

/** The clauses the claim at `index` may name: its own, and those no other claim names, in charter order. */
export const clausesFor = (charter: readonly string[], claims: readonly Claim[], index: number) =>
  charter.filter((c) => !claims.some((k, i) => i !== index && k.clause === c));

/** The list with one more claim: the first clause no claim names yet, at its first setting (unchanged when full). */
export function withNewClaim(
  charter: readonly string[],
  settings: Record<string, readonly string[]>,
  claims: readonly Claim[],
  max: number,
): Claim[] {
  if (claims.length >= claimRoom(charter, max)) return [...claims];
  const clause = clausesFor(charter, claims, -1)[0];
  const setting = clause === undefined ? undefined : settings[clause]?.[0];
  return clause === undefined || setting === undefined ? [...claims] : [...claims, { clause, setting }];
}

/** The claim at `index` moved to another clause, at that clause's first setting (its old one need not exist there). */
export const withClause = (
  settings: Record<string, readonly string[]>,
  claims: readonly Claim[],
  index: number,
  clause: string,
): Claim[] => claims.map((k, i) => (i === index ? { clause, setting: settings[clause]?.[0] ?? "" } : k));

export const withSetting = (claims: readonly Claim[], index: number, setting: string): Claim[] =>
  claims.map((k, i) => (i === index ? { ...k, setting } : k));

export const without = (claims: readonly Claim[], index: number): Claim[] =>
  claims.filter((_, i) => i !== index);

/**
 * A kept draft as this table can say it: claims on its charter with one of their clause's settings, each clause once,
 * at most `max`. Anything else (a draft from an older page, storage edited by hand) is dropped, not sent.
 */
export function keptClaims(
  charter: readonly string[],
  settings: Record<string, readonly string[]>,
  draft: unknown,
  max: number,
): Claim[] {
  if (!Array.isArray(draft)) return [];
  const claims: Claim[] = [];
  for (const k of draft as unknown[]) {
    if (typeof k !== "object" || k === null) continue;
    const { clause, setting } = k as Record<string, unknown>;
    if (typeof clause !== "string" || typeof setting !== "string") continue;
    if (!charter.includes(clause) || !settings[clause]?.includes(setting)) continue;
    if (claims.some((c) => c.clause === clause)) continue;
    claims.push({ clause, setting });
  }
  return claims.slice(0, claimRoom(charter, max));
}
