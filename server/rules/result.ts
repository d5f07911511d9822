// The answer shape every rule and action returns: data, or a named failure with one sentence.

/** The one failure set of the whole app; every door maps a code to its own form (HTTP status, tRPC code, MCP isError). */
export const FAILURE_CODES = {
  /** No identity came with a request that needs one. */
  signin_required: 401,
  /** The identity is known but this is not theirs to do (someone else's seat, not the host). */
  forbidden: 403,
  /** No such thing, or not visible to this viewer. */
  not_found: 404,
  /** The thing is in no state to take the request now (not your turn, already started, a lost race). */
  conflict: 409,
  /** The input itself is wrong (bad shape, unknown clause, out of range). */
  invalid: 422,
  /** Too many requests from this identity; try again after the Retry-After seconds. */
  rate_limited: 429,
  /** The database cannot serve just now: out of reach or of a resource (not the request's fault); try after Retry-After. */
  unavailable: 503,
} as const;

export type FailureCode = keyof typeof FAILURE_CODES;

/** `field`: the input field the failure is about (a path such as "title" or "options.1"), so a form can show it there. */
export type Failure = { ok: false; code: FailureCode; message: string; field?: string };
export type Ok<T> = { ok: true; value: T };
export type Result<T> = Ok<T> | Failure;

export const ok = <T>(value: T): Ok<T> => ({ ok: true, value });
export const fail = (code: FailureCode, message: string, field?: string): Failure =>
  field === undefined ? { ok: false, code, message } : { ok: false, code, message, field };
