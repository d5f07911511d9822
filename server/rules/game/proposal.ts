// Reading what a seat proposes (offer accord, cite, said) from untrusted input, with one sentence per mistake.

import { fail, ok, type Result } from "../result";
import { SAID_CLAIMS_MAX, SAID_MAX } from "./constants";
import { settingsOf } from "./pool";
import { charCount } from "./settings";
import type { Accord, Claim, Said } from "./types";

export const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

const either = (options: readonly string[]): string =>
  options.length <= 1 ? (options[0] ?? "") : `${options.slice(0, -1).join(", ")} or ${options.at(-1) ?? ""}`;

function notOnCharter(charter: readonly string[], clause: string, what: string): string {
  const known = settingsOf(clause) !== undefined;
  return `${what} names “${clause}”, which is ${known ? "not on this table's charter" : "not a clause"}; use one of ${either(charter)}.`;
}

/** The proposal's type, if it is one of the three acts. */
export function readType(raw: unknown): Result<"offer" | "accept" | "pass"> {
  const type = isRecord(raw) ? raw.type : undefined;
  if (type === "offer" || type === "accept" || type === "pass") return ok(type);
  return fail("invalid", "An act is an offer, an accept or a pass.");
}

/** A claim naming a charter clause and one of its settings; `what` says where it stood ("The cite"). */
export function readClaim(charter: readonly string[], raw: unknown, what: string): Result<Claim> {
  if (!isRecord(raw) || typeof raw.clause !== "string" || typeof raw.setting !== "string") {
    return fail("invalid", `${what} must name a clause and a setting.`);
  }
  const { clause, setting } = raw;
  if (!charter.includes(clause)) return fail("invalid", notOnCharter(charter, clause, what));
  const settings = settingsOf(clause) ?? [];
  if (!settings.includes(setting)) {
    return fail("invalid", `${what} sets ${clause} to “${setting}”; choose ${either(settings)}.`);
  }
  return ok({ clause, setting });
}

/** An accord with exactly the charter's clauses and a valid setting for each, rebuilt in charter order. */
export function readAccord(charter: readonly string[], raw: unknown): Result<Accord> {
  if (!isRecord(raw))
    return fail("invalid", `An offer needs an accord: one setting for each of ${either(charter)}.`);
  for (const clause of Object.keys(raw)) {
    if (!charter.includes(clause)) return fail("invalid", notOnCharter(charter, clause, "The accord"));
  }
  const accord: Accord = {};
  for (const clause of charter) {
    const settings = settingsOf(clause) ?? [];
    const setting = Object.hasOwn(raw, clause) ? raw[clause] : undefined;
    if (setting === undefined) {
      return fail("invalid", `The accord has no setting for ${clause}; choose ${either(settings)}.`);
    }
    if (typeof setting !== "string" || !settings.includes(setting)) {
      return fail(
        "invalid",
        `The accord sets ${clause} to “${String(setting)}”; choose ${either(settings)}.`,
      );
    }
    accord[clause] = setting;
  }
  return ok(accord);
}

/** Whose words readSaid reads: said on an act, or a whisper (§12) with the same payload. */
const WORDS = {
  said: { noun: "Said", claim: "A said claim", each: "on one act" },
  whisper: { noun: "Whisper", claim: "A whispered claim", each: "in one whisper" },
} as const;

/** Said (or a whisper's payload), trimmed; undefined when there is nothing to say. */
export function readSaid(
  charter: readonly string[],
  raw: unknown,
  words: keyof typeof WORDS = "said",
): Result<Said | undefined> {
  const { noun, claim: claimWhat, each } = WORDS[words];
  if (raw === undefined || raw === null) return ok(undefined);
  if (!isRecord(raw)) return fail("invalid", `${noun} is free text and/or claims of what you want.`);
  const said: Said = {};
  if (raw.text !== undefined) {
    if (typeof raw.text !== "string") return fail("invalid", `${noun} text must be text.`);
    const text = raw.text.trim();
    const length = charCount(text);
    if (length > SAID_MAX) {
      return fail("invalid", `${noun} text is ${length} characters; keep it to ${SAID_MAX} or fewer.`);
    }
    if (length > 0) said.text = text;
  }
  if (raw.claims !== undefined) {
    if (!Array.isArray(raw.claims))
      return fail("invalid", `${noun} claims must be a list of clause and setting.`);
    if (raw.claims.length > SAID_CLAIMS_MAX) {
      return fail("invalid", `Say at most ${SAID_CLAIMS_MAX} claims ${each}.`);
    }
    const claims: Claim[] = [];
    for (const rawClaim of raw.claims) {
      const claim = readClaim(charter, rawClaim, claimWhat);
      if (!claim.ok) return claim;
      claims.push(claim.value);
    }
    if (claims.length > 0) said.claims = claims;
  }
  return ok(said.text === undefined && said.claims === undefined ? undefined : said);
}
