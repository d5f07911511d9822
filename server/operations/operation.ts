// One operation, declared once: its name, its input and output schemas, who may call it, whether it reads or writes,
// what it costs, and where it appears at each door. The doors (tRPC, the JSON API and OpenAPI, MCP) are generated
// from these declarations and decide nothing; the action behind `run` keeps its (db, who, input) → data | failure.
import { z } from "zod";
import type { Clock } from "../clock";
import type { Db } from "../db";
import type { Who } from "../identity";
import type { Failure, Result } from "../rules/result";

/** Who may call an operation at all; the finer checks (your seat, the host, the plan's owner) live in the action. */
export type Caller = "guest" | "person" | "agent";
export const ANYONE = ["guest", "person", "agent"] as const satisfies readonly Caller[];
export const SIGNED_IN = ["person", "agent"] as const satisfies readonly Caller[];
export const PEOPLE = ["person"] as const satisfies readonly Caller[];

/** What an operation is called with: the database, who asks, the moment the door read from its clock. */
export type OperationContext<A = unknown> = {
  db: Db;
  who: Who;
  /** The time of this call, read once from the door's clock. */
  now: number;
  /** The clock itself, for an operation that waits (a long poll reads the time again as it waits). */
  clock: Clock;
  signal?: AbortSignal;
  /**
   * What the operation's `readAhead` read, when the floor started it beside the rate limit's charge; undefined when
   * nothing was read ahead (a caller that runs the action itself, a charge kept in memory), and the action reads it.
   */
  ahead?: A;
};

export type RestBinding = {
  method: "GET" | "POST" | "DELETE";
  /** e.g. "/api/tables/:table_id/offer": each :param is an input field of that (wire) name, plain digits. */
  path: string;
  /** The status of a success (201 for a creation). */
  status?: number;
  /** The request body is the value of this one input field, as it stands (a foreign document, say). */
  bodyField?: string;
  /**
   * A POST also takes its fields from the query string (a link that carries them, as RFC 8058's one-click
   * unsubscribe does: its client POSTs `List-Unsubscribe=One-Click`, form-encoded, to the link as it stands).
   */
  query?: boolean;
};

export type Operation<
  I extends z.ZodObject = z.ZodObject,
  O extends z.ZodType = z.ZodType,
  K extends "read" | "write" = "read" | "write",
  R = unknown,
  A = unknown,
> = {
  /** The tRPC path, e.g. "tables.offer"; its first part is the module. */
  name: string;
  /** One sentence for people (OpenAPI's summary, MCP's description when it has none of its own). */
  summary: string;
  /** The input, as the action parses it (TypeScript names; the JSON API and MCP see it in snake_case). */
  input: I;
  /** The answer's shape (the same on every door, its field names in snake_case on the JSON API and MCP). */
  output: O;
  callers: readonly Caller[];
  /**
   * When `callers` leaves agents out for a reason of its own (a model player spends the server's keys), the refusal
   * an agent gets at every door, in place of the guards' general sentence.
   */
  agentRefusal?: Failure;
  kind: K;
  /**
   * For a write, what a client may tell its user before calling it (MCP's annotations): `idempotent` when a repeat
   * with the same input changes nothing more (a setting, a seat taken, a round answered: the repeat is refused or
   * changes nothing); `destructive` when it settles something the caller cannot take back (an accept that may bind
   * the table). A write with neither adds something new each time (an act, a revision, a table).
   */
  effect?: { idempotent?: true; destructive?: true };
  /**
   * How many of the caller's rate-limit tokens one call takes (default 1); 0 for an answer that costs nothing to
   * give (the health check, read from a probe shared by every caller), which then spends no round trip on the limit.
   */
  cost?: number;
  /** For an operation that creates an account, the name it asks for: also limited per name and per address. */
  registers?: (input: z.output<I>) => string;
  /**
   * "input": this operation's body may be as large as its input's largest legal form (server/operations/size.ts: a
   * 5,000-node plan), and every door reads that much for it; unset, the floor's small cap (PARLEY_BODY_MAX) holds.
   */
  bodyCap?: "input";
  rest?: RestBinding;
  /**
   * A read the action begins with that does not depend on who asks (the table an act is for): the floor starts it
   * beside the rate limit's charge, so the two round trips overlap instead of following each other, and hands it to
   * `run` as `ahead`; a refused call's read is dropped unseen. It must only read: nothing is written before the
   * charge is settled, and who may see what is still decided by the action (docs/decisions/0006-read-ahead.md).
   */
  readAhead?: (db: Db, input: z.output<I>) => Promise<A>;
  /**
   * A long poll (it waits for a change before it answers): while it waits it holds one of the caller's open streams,
   * which are capped per identity and per guest address (server/http/streams.ts), so past the cap it is refused.
   */
  longPoll?: true;
  /** The MCP tool, when agents have one: its name and what a model reads about it. */
  mcp?: { tool: string; description?: string };
  /** Its answer, or a promise of it: one that needs nothing to wait for may answer at once (the health check). */
  run: (ctx: OperationContext<A>, input: z.output<I>) => Result<R> | Promise<Result<R>>;
};

export type AnyOperation = Operation<any, any, "read" | "write", any, any>;

/**
 * A create takes this field (and on the JSON API the `Idempotency-Key` header): the caller's own name for one
 * create, so a retried or double-sent call makes one thing and answers as the first did (server/doors/idempotent.ts).
 * The door takes it off the input before the action sees it.
 */
export const idempotent = <S extends z.ZodRawShape>(input: z.ZodObject<S>) =>
  input.extend({
    idempotencyKey: z
      .string()
      .trim()
      .min(1)
      .max(200, "use at most 200 characters")
      .optional()
      .describe(
        "your own name for this create (a UUID, say): sent again, it makes nothing new and answers as the first time",
      ),
  });

/** Whether an operation takes an idempotency key: its input declares the field. */
export const takesIdempotencyKey = (op: AnyOperation): boolean =>
  Object.hasOwn(op.input.shape as object, "idempotencyKey");

/**
 * Declares an operation. The action's answer must fit the output schema (checked by tsc here, and against real
 * answers by the tests), so the published schema cannot drift from what the code returns.
 */
export function operation<
  I extends z.ZodObject,
  O extends z.ZodType,
  K extends "read" | "write",
  R extends z.input<O>,
  A = unknown,
>(op: Operation<I, O, K, R, A>): Operation<I, O, K, R, A> {
  return op;
}

/** The caller kinds of an identity. */
export function callerOf(who: Who): Caller {
  return who.kind === "anon" ? "guest" : who.kind === "user" ? "person" : "agent";
}
