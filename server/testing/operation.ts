// An operation as every door calls it, but for the rate limit: its input parsed once by its schema (snake_case where
// the wire says so), then its action. For what only the schema refuses, now that the actions take parsed input.
import type { z } from "zod";
import { fixedClock } from "../clock";
import type { Db } from "../db";
import type { Who } from "../identity";
import { parseInput } from "../operations/floor";
import type { Operation } from "../operations/operation";
import type { Result } from "../rules/result";

export async function runOperation<I extends z.ZodObject, R>(
  db: Db,
  op: Operation<I, z.ZodType, "read" | "write", R, any>,
  who: Who,
  raw: unknown,
  now: number,
): Promise<Result<R>> {
  const input = parseInput(op.input, raw);
  if (!input.ok) return input;
  return op.run({ db, who, now, clock: fixedClock(now) }, input.value);
}
