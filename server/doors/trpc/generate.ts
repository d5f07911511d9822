// The tRPC procedures, generated from the operation declarations: typed inputs and outputs for the pages (tsc
// refuses a page that passes a wrong field), and the same floor as every other door (`serve` parses the input).
import type { TRPCMutationProcedure, TRPCQueryProcedure } from "@trpc/server";
import type { z } from "zod";
import { identityKey } from "../../identity";
import type { AnyOperation, Operation } from "../../operations/operation";
import { serve } from "../serve";
import { procedure, unwrap } from "./init";

/** An operation whose fields are all optional may be called with no input at all. */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- "every field optional"
type InputOf<I extends z.ZodType> = {} extends z.input<I> ? void | z.input<I> : z.input<I>;

type ProcedureOf<Op> =
  Op extends Operation<infer I, z.ZodType, infer K, infer R, any>
    ? K extends "read"
      ? TRPCQueryProcedure<{ input: InputOf<I>; output: R; meta: object }>
      : TRPCMutationProcedure<{ input: InputOf<I>; output: R; meta: object }>
    : never;

export type ProceduresOf<T extends Record<string, AnyOperation>> = { [K in keyof T]: ProcedureOf<T[K]> };

/** The input goes through untouched here: `serve` parses it, so tRPC refuses a bad input exactly as the rest do. */
const passThrough = (input: unknown) => input;

export function proceduresOf<T extends Record<string, AnyOperation>>(ops: T): ProceduresOf<T> {
  const out: Record<string, unknown> = {};
  for (const [key, op] of Object.entries(ops)) {
    const run = async ({
      ctx,
      input,
      signal,
    }: {
      ctx: import("./init").Context;
      input: unknown;
      signal?: AbortSignal;
    }) =>
      unwrap(
        await serve(
          op,
          {
            db: ctx.db,
            who: ctx.who,
            clock: ctx.clock,
            rateKey: ctx.rateKey ?? identityKey(ctx.who),
            address: ctx.address,
            signal,
          },
          input,
        ),
      );
    const p = procedure.input(passThrough);
    out[key] = op.kind === "read" ? p.query(run) : p.mutation(run);
  }
  return out as ProceduresOf<T>;
}
