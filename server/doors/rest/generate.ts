// The JSON API's routes, generated from the operation declarations: path params, query and body become the
// operation's input (wire names in snake_case), the answer goes out in snake_case, and the floor is `serve`'s.
import type { z } from "zod";
import { takesIdempotencyKey, type AnyOperation } from "../../operations/operation";
import { fromWire, snake, toWire } from "../../operations/wire";
import { fail, ok, type Result } from "../../rules/result";
import { serve } from "../serve";
import type { RestRoute } from "./route";

const DIGITS = /^[1-9]\d{0,9}$/;

type Def = { type: string; innerType?: z.ZodType; element?: z.ZodType; shape?: Record<string, z.ZodType> };
const defOf = (s: z.ZodType) => (s as unknown as { _zod: { def: Def } })._zod.def;
function baseType(s: z.ZodType): Def {
  let d = defOf(s);
  while (d.innerType && ["optional", "nullable", "default", "prefault"].includes(d.type))
    d = defOf(d.innerType);
  return d;
}

/** A query string's values as the field's schema wants them: numbers, booleans and comma-separated lists. */
function coerce(field: z.ZodType | undefined, raw: string): unknown {
  if (!field) return raw;
  const d = baseType(field);
  if (d.type === "number") return /^-?\d+(\.\d+)?$/.test(raw) ? Number(raw) : raw;
  if (d.type === "boolean") return raw === "true" ? true : raw === "false" ? false : raw;
  if (d.type === "array") return raw === "" ? [] : raw.split(",").map((v) => coerce(d.element, v));
  return raw;
}

/** The wire names of the operation's path params, e.g. ["table_id"]. */
export const pathParams = (path: string) => [...path.matchAll(/:(\w+)/g)].map((m) => m[1]!);

export function restRoutes(ops: AnyOperation[]): RestRoute[] {
  return ops.flatMap((op) => {
    const rest = op.rest;
    if (!rest) return [];
    const names = pathParams(rest.path);
    const onWire = (r: Result<unknown>): Result<unknown> => (r.ok ? ok(toWire(op.output, r.value)) : r);
    const shape = op.input.shape as Record<string, z.ZodType>;
    const wireShape = Object.fromEntries(
      Object.entries(shape).map(([k, v]) => [k.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`), v]),
    );
    return [
      {
        method: rest.method,
        path: rest.path,
        summary: op.summary,
        tag: op.name.split(".")[0]!,
        status: rest.status,
        operation: op,
        // Not async: a call answered at once (server/doors/serve.ts) goes out with no promise made.
        call: ({ db, who, clock, rateKey, address, params, body, query, idempotencyKey }) => {
          const wire: Record<string, unknown> = {};
          if (query && (rest.method === "GET" || rest.query))
            for (const [k, v] of new URLSearchParams(query))
              wire[k] = coerce(Object.hasOwn(wireShape, k) ? wireShape[k] : undefined, v);
          if (rest.method !== "GET" && rest.bodyField) {
            if (body !== undefined) wire[rest.bodyField] = body;
          } else if (rest.method !== "GET" && body !== undefined && body !== null) {
            if (typeof body !== "object" || Array.isArray(body))
              return fail("invalid", "The request body must be a JSON object of named fields.");
            Object.assign(wire, body);
          }
          // A create's key comes in its header, as Stripe's and the IETF draft's do (or as a field, as on MCP).
          if (idempotencyKey && takesIdempotencyKey(op)) {
            if (wire.idempotency_key !== undefined && wire.idempotency_key !== idempotencyKey)
              return fail("invalid", "The Idempotency-Key header and the idempotency_key field disagree.");
            wire.idempotency_key = idempotencyKey;
          }
          for (const name of names) {
            if (!DIGITS.test(params[name] ?? "")) return fail("not_found", "There is no such thing here.");
            if (name in wire && wire[name] !== Number(params[name]))
              return fail("invalid", `"${name}" is given by the path; leave it out of the body.`);
            wire[name] = Number(params[name]);
          }
          const r = serve(op, { db, who, clock, rateKey, address, names: snake }, fromWire(op.input, wire));
          return r instanceof Promise ? r.then(onWire) : onWire(r);
        },
      } satisfies RestRoute,
    ];
  });
}
