// The floor of one operation, the same at every door: may this kind of caller ask at all, is this caller's rate
// limit spent, is the input well-formed (and for a sign-up, are its name's and its address's own limits spent; for a
// long poll, is a place free among the caller's open streams) — then the action, at the moment the door read from
// its clock; an action's first read, when it declares one, goes out beside the rate limit's charge. A batch of calls
// passes here once per call, so it is charged once per call. The limits are kept where every process on the
// database sees them (server/http/limits.ts, server/http/streams.ts).
import { parseInput, person, signedIn, type FieldNames } from "../operations/floor";
import type { Clock } from "../clock";
import type { Db } from "../db";
import { RATE_LIMITED } from "../http/floor";
import { authLimit, chargeWaits, rateLimit, type Spent } from "../http/limits";
import { holdStream } from "../http/streams";
import { identityKey, type Who } from "../identity";
import { takesIdempotencyKey, type AnyOperation } from "../operations/operation";
import { once } from "./idempotent";
import type { Failure, Result } from "../rules/result";

/** One call's circumstances: the database, who asks, the door's clock, the rate-limit key of this caller. */
export type Call = {
  db: Db;
  who: Who;
  clock: Clock;
  rateKey: string;
  /** The client's address; a door that has none (the CLI, tests) is keyed by rateKey instead. */
  address?: string;
  signal?: AbortSignal;
  /** How this door names fields in its refusals (snake_case on the JSON API and MCP). */
  names?: FieldNames;
};

/** A refusal, and for a spent rate limit how many seconds until it is not. */
export type Refusal = Failure & { retryAfter?: number };

/** The refusal of a caller the operation is not for, in the guards' own words (the actions ask the same guards). */
export function callerRefusal(op: AnyOperation, who: Who): Refusal | null {
  if (op.callers.includes("guest")) return null;
  const guard = op.callers.includes("agent") ? signedIn(who) : person(who);
  if (guard.ok) return null;
  return who.kind === "agent" && op.agentRefusal ? op.agentRefusal : guard;
}

type Served = Result<unknown> | Refusal;

/**
 * One call through the floor. A call with nothing to wait for is answered at once, with no promise: one refused for
 * who asks, or one of an operation that charges nothing, registers nothing and takes no key, whose action answers
 * at once (the health check), so it pays for no promise (docs/decisions/0002-plain-door.md). Every other call waits
 * on its charge, so it takes the path below.
 */
export function serve(op: AnyOperation, call: Call, raw: unknown): Served | Promise<Served> {
  const refused = callerRefusal(op, call.who);
  if (refused) return refused;
  const cost = op.cost ?? 1;
  if (cost > 0 || op.registers || takesIdempotencyKey(op))
    return charged(op, call, raw, cost).then((r) => inDoorNames(r, call.names));
  const input = parseInput(op.input, raw, call.names);
  if (!input.ok) return input;
  const r = op.run(contextOf(call, undefined), input.value);
  return r instanceof Promise ? r.then((a) => inDoorNames(a, call.names)) : inDoorNames(r, call.names);
}

/** An action names a refused field as the code does (seatsMax); the caller reads it in the door's names (seats_max). */
function inDoorNames(r: Served, names: FieldNames | undefined): Served {
  if (r.ok || r.field === undefined || !names) return r;
  return {
    ...r,
    field: r.field
      .split(".")
      .map((k) => (/^\d+$/.test(k) ? k : names(k)))
      .join("."),
  };
}

const contextOf = (call: Call, ahead: unknown) => ({
  db: call.db,
  who: call.who,
  now: call.clock(),
  clock: call.clock,
  signal: call.signal,
  ahead,
});

async function charged(op: AnyOperation, call: Call, raw: unknown, cost: number): Promise<Served> {
  // The limiter measures how fast requests really arrive, so it reads the wall clock, not the door's. A charge this
  // process paid ahead (server/http/prepaid.ts) is null: nothing to wait for, so nothing is read ahead either.
  const charge = cost > 0 ? rateLimit(call.db, call.rateKey, op.kind, cost) : null;
  const input = parseInput(op.input, raw, call.names);
  // The action's first read goes out beside a charge that waits on the database. Once the limiter has refused a key
  // it refuses it from memory until the window ends, and such a call reads nothing; only the calls already on their
  // way when the budget ran out each read once. (Called inside an async function: a read that throws at once is a
  // rejection like any other, handled below.)
  const readAhead = op.readAhead;
  const ahead =
    input.ok && readAhead && charge && chargeWaits(call.db, call.rateKey, op.kind)
      ? (async () => readAhead(call.db, input.value))()
      : undefined;
  ahead?.catch(() => {}); // dropped when the charge refuses or fails; awaited (and its failure thrown) below
  const limited = charge ? await charge : null;
  if (limited) return refusal(limited);
  if (!input.ok) return input;
  if (op.registers) {
    const spent = await authLimit(
      call.db,
      "sign-up",
      op.registers(input.value),
      call.address ?? call.rateKey,
    );
    if (spent) return refusal(spent);
  }
  const ctx = contextOf(call, ahead && (await ahead));
  if (op.longPoll) return await held(op, call, ctx, input.value);
  // `return await`, not `return`: an async function handed a promise to return adopts it two microtask turns later.
  if (!takesIdempotencyKey(op)) return await op.run(ctx, input.value);
  const { idempotencyKey: key, ...rest } = input.value as { idempotencyKey?: string };
  if (!key || call.who.kind === "anon") return await op.run(ctx, rest);
  return await once(call.db, { caller: identityKey(call.who), operation: op.name, key }, rest, ctx.now, () =>
    op.run(ctx, rest),
  );
}

/** A long poll holds one of the caller's open streams while it waits (server/http/streams.ts), or is refused. */
async function held(
  op: AnyOperation,
  call: Call,
  ctx: ReturnType<typeof contextOf>,
  input: unknown,
): Promise<Served> {
  const place = await holdStream(call.db, call.who, call.rateKey);
  if (!place.ok) return place;
  try {
    return await op.run(ctx, input);
  } finally {
    place.release();
  }
}

const refusal = (spent: Spent): Refusal => ({
  ...RATE_LIMITED(spent.retryAfter),
  retryAfter: spent.retryAfter,
});
