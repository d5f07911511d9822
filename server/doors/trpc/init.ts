// tRPC, set up once: (1) context, (2) initialisation, (3) the failure mapping, (4) procedures.
import { initTRPC, TRPCError } from "@trpc/server";
import superjson from "superjson";
import type { Clock } from "../../clock";
import type { Db } from "../../db";
import type { Who } from "../../identity";
import { isDatabaseDown, UNAVAILABLE } from "../../http/unavailable";
import type { Failure, FailureCode, Result } from "../../rules/result";

// 1. CONTEXT — the inner part (db, who, clock) is all a procedure needs; tests and the CLI build it without a
// request, and pass a fixed clock so that a fixture's date holds on any day.
export type Context = { db: Db; who: Who; clock: Clock; rateKey?: string; address?: string };
export const createContextInner = (ctx: Context): Context => ctx;

// 2. INITIALISATION
const t = initTRPC.context<Context>().create({
  transformer: superjson,
  errorFormatter({ shape, error }) {
    const cause = error.cause as { failure?: FailureCode; field?: string } | undefined;
    const failure = cause?.failure;
    // An unexpected error keeps its details in the server log; the client gets one sentence, as at every door.
    if (error.code === "INTERNAL_SERVER_ERROR") {
      console.error("tRPC procedure failed:", error.cause ?? error);
      return {
        ...shape,
        message: "Something went wrong on our side; the request was not applied.",
        data: { ...shape.data, failure: null, stack: undefined, path: undefined },
      };
    }
    return {
      ...shape,
      data: { ...shape.data, failure: failure ?? null, field: cause?.field ?? null, stack: undefined },
    };
  },
});

// 3. FAILURES — one named failure maps to one tRPC code, the way every other door maps it to its own form.
const TRPC_CODE = {
  signin_required: "UNAUTHORIZED",
  forbidden: "FORBIDDEN",
  not_found: "NOT_FOUND",
  conflict: "CONFLICT",
  invalid: "UNPROCESSABLE_CONTENT",
  rate_limited: "TOO_MANY_REQUESTS",
  unavailable: "SERVICE_UNAVAILABLE",
} as const satisfies Record<FailureCode, TRPCError["code"]>;

class FailureCause extends Error {
  constructor(
    readonly failure: FailureCode,
    message: string,
    readonly field?: string,
  ) {
    super(message);
  }
}

/** A named failure as the matching tRPC error. */
export const trpcErrorOf = (f: Failure): TRPCError =>
  new TRPCError({
    code: TRPC_CODE[f.code],
    message: f.message,
    cause: new FailureCause(f.code, f.message, f.field),
  });

/** Turns an action's answer into the procedure's return value, or the matching tRPC error. */
export function unwrap<T>(r: Result<T>): T {
  if (r.ok) return r.value;
  throw trpcErrorOf(r);
}

// 4. PROCEDURES — inputs are passed through untouched: the actions parse them, so every door refuses alike. An
// unreachable database is `unavailable` (503), as at every door, not an internal error.
export const router = t.router;
export const procedure = t.procedure.use(async ({ next }) => {
  const r = await next();
  if (!r.ok && r.error.code === "INTERNAL_SERVER_ERROR" && isDatabaseDown(r.error.cause)) unwrap(UNAVAILABLE);
  return r;
});
export const createCallerFactory = t.createCallerFactory;
