// The JSON API and MCP speak snake_case, as the seed documents it (seats_max, your_payoff, may); the code and tRPC
// speak TypeScript's names. One schema-driven conversion does both directions, so a field is renamed only where the
// schema declares a field: the keys of a record (clause names, seat names) are data and are never touched, and a
// document in a foreign format (the original scripts' state files, the checkpoint declaration) is marked verbatim.
import { z } from "zod";

const VERBATIM = "x-verbatim";

/** Marks a schema whose value crosses the doors exactly as it stands (field names included). */
export function verbatim<T extends z.ZodType>(schema: T): T {
  return schema.meta({ [VERBATIM]: true }) as T;
}

const isVerbatim = (s: z.ZodType) => z.globalRegistry.get(s)?.[VERBATIM] === true;

/** Field names met so far, renamed once: the schemas name a bounded set of fields (the cap is a backstop). */
const snakes = new Map<string, string>();
export const snake = (k: string) => {
  let v = snakes.get(k);
  if (v === undefined) {
    v = k.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
    if (snakes.size < 10_000) snakes.set(k, v);
  }
  return v;
};
export const camel = (k: string) => k.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase());

type Def = {
  type: string;
  innerType?: z.ZodType;
  shape?: Record<string, z.ZodType>;
  valueType?: z.ZodType;
  element?: z.ZodType;
  items?: z.ZodType[];
  rest?: z.ZodType | null;
  options?: z.ZodType[];
  in?: z.ZodType;
  out?: z.ZodType;
  left?: z.ZodType;
  right?: z.ZodType;
  getter?: () => z.ZodType;
};
const defOf = (s: z.ZodType) => (s as unknown as { _zod: { def: Def } })._zod.def;

/** The schema under optional, nullable, default, readonly, catch and lazy; null when it is verbatim. */
function unwrap(s: z.ZodType, io: "input" | "output"): z.ZodType | null {
  for (let i = 0; i < 32; i++) {
    if (isVerbatim(s)) return null;
    const d = defOf(s);
    if (
      d.innerType &&
      ["optional", "nullable", "default", "prefault", "readonly", "catch", "nonoptional"].includes(d.type)
    )
      s = d.innerType;
    else if (d.type === "lazy" && d.getter) s = d.getter();
    else if (d.type === "pipe" && d.in && d.out) s = io === "input" ? d.in : d.out;
    else return s;
  }
  return s;
}

const plain = (v: unknown): v is Record<string, unknown> =>
  typeof v === "object" && v !== null && !Array.isArray(v) && !(v instanceof Date);

function shapeOf(s: z.ZodType, io: "input" | "output"): Record<string, z.ZodType> | null {
  const d = defOf(s);
  if (d.type === "object") return d.shape ?? {};
  if (d.type === "intersection" && d.left && d.right) {
    const l = unwrap(d.left, io);
    const r = unwrap(d.right, io);
    return { ...(l ? shapeOf(l, io) : {}), ...(r ? shapeOf(r, io) : {}) };
  }
  return null;
}

/** For a union, the option whose fields best cover the value's (the first object option when none does). */
function pick(options: z.ZodType[], value: unknown, io: "input" | "output", toCode: (k: string) => string) {
  if (!plain(value)) return options.find((o) => !shapeOf(unwrap(o, io) ?? o, io)) ?? options[0];
  let best: z.ZodType | undefined;
  let bestScore = -1;
  for (const o of options) {
    const u = unwrap(o, io);
    const shape = u && shapeOf(u, io);
    if (!shape) continue;
    const keys = Object.keys(value);
    const score = keys.filter((k) => Object.hasOwn(shape, toCode(k))).length - (keys.length ? 0 : 1);
    // A literal discriminator that disagrees rules the option out.
    const clash = Object.entries(shape).some(([k, f]) => {
      const fd = defOf(unwrap(f, io) ?? f) as Def & { values?: unknown[] };
      const key = Object.keys(value).find((vk) => toCode(vk) === k);
      return fd.type === "literal" && key !== undefined && !(fd.values ?? []).includes(value[key]);
    });
    if (!clash && score > bestScore) [best, bestScore] = [o, score];
  }
  return best ?? options[0];
}

/** A schema as convert reads it: the def of its unwrapped schema (null when verbatim) and its object shape, if any. */
type Node = { d: Def | null; shape: Record<string, z.ZodType> | null };

/**
 * Each schema's Node, worked out at its first value and kept: a table's state is hundreds of fields, and every read
 * converts one, so unwrapping and gathering shapes per value was most of the conversion's time (the profile).
 */
const nodes = { input: new WeakMap<z.ZodType, Node>(), output: new WeakMap<z.ZodType, Node>() };

function nodeOf(schema: z.ZodType, io: "input" | "output"): Node {
  let n = nodes[io].get(schema);
  if (!n) {
    const s = unwrap(schema, io);
    n = s ? { d: defOf(s), shape: shapeOf(s, io) } : { d: null, shape: null };
    nodes[io].set(schema, n);
  }
  return n;
}

const same = (k: string) => k;

function convert(
  schema: z.ZodType,
  value: unknown,
  io: "input" | "output",
  toWire: boolean,
  depth = 0,
): unknown {
  if (value === null || value === undefined || depth > 64) return value;
  const { d, shape } = nodeOf(schema, io);
  if (!d) return value;
  const rename = toWire ? snake : same;
  const toCode = toWire ? same : camel;
  if (shape) {
    if (!plain(value)) return value;
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) {
      const field = Object.hasOwn(shape, toCode(k)) ? shape[toCode(k)] : undefined;
      // A field the schema does not know keeps its name, so a strict schema can name it in its refusal.
      if (!field) out[k] = v;
      else out[toWire ? rename(k) : toCode(k)] = convert(field, v, io, toWire, depth + 1);
    }
    return out;
  }
  switch (d.type) {
    case "record":
      if (!plain(value) || !d.valueType) return value;
      return Object.fromEntries(
        Object.entries(value).map(([k, v]) => [k, convert(d.valueType!, v, io, toWire, depth + 1)]),
      );
    case "array":
      return Array.isArray(value) && d.element
        ? value.map((v) => convert(d.element!, v, io, toWire, depth + 1))
        : value;
    case "tuple":
      return Array.isArray(value)
        ? value.map((v, i) => {
            const item = d.items?.[i] ?? d.rest;
            return item ? convert(item, v, io, toWire, depth + 1) : v;
          })
        : value;
    case "union":
      return d.options?.length
        ? convert(pick(d.options, value, io, toCode)!, value, io, toWire, depth + 1)
        : value;
    default:
      return value;
  }
}

/** An answer as the JSON API and MCP send it. */
export const toWire = (schema: z.ZodType, value: unknown) => convert(schema, value, "output", true);
/** A request as the JSON API or MCP received it, in the names the action parses. */
export const fromWire = (schema: z.ZodType, value: unknown) => convert(schema, value, "input", false);

/** The JSON Schema of what a door sends or takes on the wire: zod's own, with field names in snake_case. */
export function wireJsonSchema(schema: z.ZodType, io: "input" | "output"): Record<string, unknown> {
  const json = z.toJSONSchema(schema, {
    io,
    unrepresentable: "any",
    reused: "inline",
    override: (ctx) => {
      const t = defOf(ctx.zodSchema as unknown as z.ZodType).type;
      if (t === "date") Object.assign(ctx.jsonSchema, { type: "string", format: "date-time" });
    },
  }) as Record<string, unknown>;
  delete json.$schema;
  return renameProperties(json) as Record<string, unknown>;
}

function renameProperties(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(renameProperties);
  if (!plain(node)) return node;
  if (node[VERBATIM] === true) return node;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(node)) {
    if (k === "properties" && plain(v))
      out[k] = Object.fromEntries(Object.entries(v).map(([p, sub]) => [snake(p), renameProperties(sub)]));
    else if (k === "required" && Array.isArray(v))
      out[k] = v.map((p) => (typeof p === "string" ? snake(p) : p));
    else out[k] = renameProperties(v);
  }
  return out;
}
