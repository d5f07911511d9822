// The largest legal input of a schema, in bytes of JSON: what a door's body cap is derived from for an operation
// whose input may be large (a 5,000-node plan), so the cap follows the schema's own limits and never a typed number.
import type { z } from "zod";
import { INSTEAD_OF, LARGEST_AS, TOTAL_ITEMS } from "../actions/input";
import { wireJsonSchema } from "./wire";

type Json = Record<string, unknown>;

/**
 * Bytes per character of a string as JSON.stringify writes it: UTF-8 takes at most 3 bytes per UTF-16 unit. (An
 * encoder that escapes every non-ASCII character as `\uXXXX` writes up to 6: such a body may meet the cap sooner.)
 */
const BYTES_PER_CHAR = 3;
/** A number as long as JSON writes one: `-1.2345678901234567e-308`. */
const NUMBER_BYTES = 24;
/** Each member's separators and layout as a pretty-printer writes them: `, ` or `: `, a newline, an indent per level. */
const memberSpace = (depth: number) => 3 + 4 * depth;

/**
 * The largest JSON text a JSON Schema accepts, in bytes: each string at its longest, each array at its fullest, each
 * declared property present, laid out by a pretty-printer; Infinity where the schema sets no limit. Keys a schema
 * does not declare are dropped by it, so they are no part of a legal input.
 */
export function largestJson(schema: unknown): number {
  const pools = new Map<string, number>();
  const size = walk(schema, 0, "", pools);
  let total = size;
  for (const pooled of pools.values()) total += pooled;
  return total;
}

/**
 * `pools` gathers the pooled arrays' items met under the nearest field outside every array (that field's size then
 * counts them once), so a field given instead of another brings its own pooled items with it.
 */
function walk(
  node: unknown,
  depth: number,
  path: string,
  pools: Map<string, number>,
  inArray = false,
): number {
  if (node === true || node === undefined) return Infinity;
  if (node === false || node === null || typeof node !== "object") return 0;
  const s = node as Json;
  if (s[LARGEST_AS] !== undefined) return walk(s[LARGEST_AS], depth, path, pools, inArray);
  const alternatives = (s.anyOf ?? s.oneOf) as unknown[] | undefined;
  if (Array.isArray(alternatives))
    return Math.max(0, ...alternatives.map((a, i) => walk(a, depth, `${path}|${i}`, pools, inArray)));
  if ("const" in s) return jsonBytes(s.const);
  if (Array.isArray(s.enum)) return Math.max(0, ...s.enum.map(jsonBytes));
  const types = Array.isArray(s.type) ? (s.type as string[]) : s.type ? [s.type as string] : [];
  if (types.length === 0 && !s.properties && !s.items) return Infinity;
  let most = 0;
  for (const t of types.length ? types : [s.properties ? "object" : "array"])
    most = Math.max(most, ofType(t, s, depth, path, pools, inArray));
  return most;
}

function ofType(
  t: string,
  s: Json,
  depth: number,
  path: string,
  pools: Map<string, number>,
  inArray: boolean,
): number {
  switch (t) {
    case "null":
      return 4;
    case "boolean":
      return 5;
    case "number":
    case "integer":
      return NUMBER_BYTES;
    case "string":
      return typeof s.maxLength === "number" ? 2 + BYTES_PER_CHAR * s.maxLength : Infinity;
    case "array": {
      const items = typeof s.maxItems === "number" ? s.maxItems : Infinity;
      const item = walk(s.items, depth + 1, `${path}[]`, pools, true) + memberSpace(depth + 1);
      const pooled = s[TOTAL_ITEMS];
      if (typeof pooled === "number") {
        // Its items are counted once for the whole input, whatever the number of arrays they are spread over.
        pools.set(path, Math.max(pools.get(path) ?? 0, pooled * item));
        return 2 + memberSpace(depth);
      }
      return items === 0 ? 2 : 2 + memberSpace(depth) + items * item;
    }
    case "object": {
      const props = Object.entries((s.properties as Json | undefined) ?? {});
      const sizes = new Map<string, number>();
      for (const [key, sub] of props) {
        const own = inArray ? pools : new Map<string, number>();
        let size =
          jsonBytes(key) + memberSpace(depth + 1) + walk(sub, depth + 1, `${path}.${key}`, own, inArray);
        if (!inArray) for (const pooled of own.values()) size += pooled;
        sizes.set(key, size);
      }
      // A field given instead of another counts as the larger of the two, not both.
      for (const [key, sub] of props) {
        const other = (sub as Json | null)?.[INSTEAD_OF];
        if (typeof other !== "string" || !sizes.has(other)) continue;
        sizes.set(other, Math.max(sizes.get(other)!, sizes.get(key)!));
        sizes.delete(key);
      }
      let bytes = 2 + memberSpace(depth);
      for (const size of sizes.values()) bytes += size;
      return bytes;
    }
    default:
      return Infinity;
  }
}

const jsonBytes = (v: unknown): number => Buffer.byteLength(JSON.stringify(v) ?? "null");

/** The largest legal input of an operation's input schema as the JSON API and MCP take it (snake_case names). */
export const largestInput = (input: z.ZodType): number => largestJson(wireJsonSchema(input, "input"));

const caps = new WeakMap<object, number>();

/**
 * The most bytes a request for this operation may carry: its input's largest legal form when it declares
 * `bodyCap: "input"` (never less than the floor's own cap), else the floor's cap, `floor`.
 */
export function bodyCapOf(op: { bodyCap?: "input"; input: z.ZodType }, floor: number): number {
  if (op.bodyCap !== "input") return floor;
  let cap = caps.get(op);
  if (cap === undefined) caps.set(op, (cap = largestInput(op.input)));
  return Number.isFinite(cap) ? Math.max(cap, floor) : floor;
}
