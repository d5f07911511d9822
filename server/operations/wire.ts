// The JSON API and MCP speak snake_case, as the seed documents it (seats_max, your_payoff, may); the code and tRPC
// speak TypeScript's names. One schema-driven conversion does both directions, so a field is renamed only where the
// schema declares a field: the keys of a record (clause names, seat names) are data and are never touched, and a
// document in a foreign format (the original scripts' state files, the checkpoint declaration) is marked verbatim.
import { z } from "zod";
import { spliced } from "../http/json";

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
    // zod keeps a lazy's schema once made (its getter makes a new one each call): the conversions are kept by schema.
    else if (d.type === "lazy" && d.getter)
      s = (s as unknown as { _zod: { innerType?: z.ZodType } })._zod.innerType ?? d.getter();
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

/**
 * One option of a union as pick reads it: its fields, the values each literal field allows, and whether it takes a
 * value that is not an object.
 */
type Option = {
  schema: z.ZodType;
  shape: Record<string, z.ZodType> | null;
  literals: [string, unknown[]][];
  scalar: boolean;
};

/**
 * A union's options, worked out once: each one's shape and literal fields, and — when every option is an object
 * with one literal field whose values no two options share (an act's `type`, say) — the option of each value.
 */
type Union = { options: Option[]; by: { key: string; option: Map<unknown, Option> } | null };

const unions = { input: new WeakMap<z.ZodType[], Union>(), output: new WeakMap<z.ZodType[], Union>() };

function unionOf(options: z.ZodType[], io: "input" | "output"): Union {
  let u = unions[io].get(options);
  if (u) return u;
  const read: Option[] = options.map((o) => {
    const un = unwrap(o, io);
    const shape = un && shapeOf(un, io);
    const literals: [string, unknown[]][] = [];
    for (const [k, f] of Object.entries(shape ?? {})) {
      const fd = defOf(unwrap(f, io) ?? f) as Def & { values?: unknown[] };
      if (fd.type === "literal") literals.push([k, fd.values ?? []]);
    }
    return { schema: o, shape, literals, scalar: !shapeOf(un ?? o, io) };
  });
  let by: Union["by"] = null;
  for (const [key] of read[0]?.literals ?? []) {
    const option = new Map<unknown, Option>();
    const all = read.every((o) => {
      const values = o.shape ? o.literals.find(([k]) => k === key)?.[1] : undefined;
      if (!values?.length || values.some((v) => option.has(v))) return false;
      for (const v of values) option.set(v, o);
      return true;
    });
    if (all) {
      by = { key, option };
      break;
    }
  }
  u = { options: read, by };
  unions[io].set(options, u);
  return u;
}

/** The key of `value` whose code name is `k` (the first, as its keys come), if any. */
function keyNamed(value: Record<string, unknown>, k: string, toCode: (k: string) => string) {
  // Towards the wire the value's keys are code names already: the key is `k` itself, or there is none.
  if (toCode === same) return Object.hasOwn(value, k) ? k : undefined;
  for (const vk of Object.keys(value)) if (toCode(vk) === k) return vk;
  return undefined;
}

/**
 * For a union, the option whose fields best cover the value's (the first object option when none does); an option
 * a literal field of the value disagrees with is ruled out. With a field that tells the options apart, its value
 * names the option at once: every other option disagrees with it, so the scoring would choose the same one.
 */
function pick(options: z.ZodType[], value: unknown, io: "input" | "output", toCode: (k: string) => string) {
  const u = unionOf(options, io);
  if (!plain(value)) return u.options.find((o) => o.scalar)?.schema ?? options[0];
  const clashes = (o: Option) =>
    o.literals.some(([k, values]) => {
      const key = keyNamed(value, k, toCode);
      return key !== undefined && !values.includes(value[key]);
    });
  if (u.by) {
    const key = keyNamed(value, u.by.key, toCode);
    if (key !== undefined) {
      const o = u.by.option.get(value[key]);
      return o && !clashes(o) ? o.schema : options[0];
    }
  }
  const keys = Object.keys(value);
  let best: z.ZodType | undefined;
  let bestScore = -1;
  for (const o of u.options) {
    if (!o.shape) continue;
    let score = keys.length ? 0 : -1;
    for (const k of keys) if (Object.hasOwn(o.shape, toCode(k))) score++;
    if (!clashes(o) && score > bestScore) [best, bestScore] = [o.schema, score];
  }
  return best ?? options[0];
}

/**
 * One schema's conversion of a value, made once per schema and direction: the value with the field names of the
 * other side. `depth` bounds how deep a value is followed (a request's nesting is the sender's to choose).
 */
type Conv = (value: unknown, depth: number) => unknown;

const MAX_DEPTH = 64;
const asIs: Conv = (v) => v;
/** Towards the wire, an array with nothing to rename: as it stands, its items' kept JSON joined when it is written. */
const keptArray: Conv = (v) => (Array.isArray(v) ? spliced(v) : v);
/** A conversion that changes no name (null: a leaf). */
const renamesNothing = (c: Conv | null) => c === null || c === asIs || c === keptArray;
const same = (k: string) => k;

/**
 * Each schema's Conv, made at its first value and kept: a table's state is hundreds of fields, and every read
 * converts one, so each schema's shape is worked out once, not per value (and then, per value, which schema each
 * field has): docs/decisions/0012-wire-per-schema.md.
 */
const convs = { input: new WeakMap<z.ZodType, Conv>(), output: new WeakMap<z.ZodType, Conv>() };

function convOf(schema: z.ZodType, io: "input" | "output"): Conv {
  const known = convs[io].get(schema);
  if (known) return known;
  // A schema may hold itself (through lazy): while it is being made, its own fields reach it through this.
  let made: Conv = asIs;
  convs[io].set(schema, (v, depth) => made(v, depth));
  made = make(schema, io);
  convs[io].set(schema, made);
  return made;
}

const NESTED = new Set(["record", "array", "tuple", "union"]);

/** Sets a key as an own field, "__proto__" included (a record's keys are the sender's data). */
function put(out: Record<string, unknown>, k: string, v: unknown) {
  if (k === "__proto__")
    Object.defineProperty(out, k, { value: v, enumerable: true, writable: true, configurable: true });
  else out[k] = v;
}

function make(schema: z.ZodType, io: "input" | "output"): Conv {
  const toWire = io === "output";
  const s = unwrap(schema, io);
  if (!s) return asIs; // verbatim
  const shape = shapeOf(s, io);
  if (shape) {
    /** By code name: the field's name on the other side, and its Conv (null: nothing inside to rename). */
    const fields = new Map<string, { name: string; conv: Conv | null }>();
    for (const [k, f] of Object.entries(shape)) {
      const u = unwrap(f, io);
      const leaf = !u || (!shapeOf(u, io) && !NESTED.has(defOf(u).type));
      fields.set(k, { name: toWire ? snake(k) : k, conv: leaf ? null : convOf(f, io) });
    }
    // Towards the wire, a value whose field names are snake_case already, with nothing inside to rename, goes as it
    // stands rather than copied at every read: an act of a table's log is such a value
    // (docs/decisions/0011-frozen-json.md). (From the wire a key is matched by its camelCase, so it is always copied.)
    if (toWire && [...fields].every(([k, f]) => f.name === k && renamesNothing(f.conv))) return asIs;
    return (value, depth) => {
      if (!plain(value) || depth > MAX_DEPTH) return value;
      const out: Record<string, unknown> = {};
      for (const k of Object.keys(value)) {
        const v = value[k];
        const field = fields.get(toWire ? k : camel(k));
        // A field the schema does not know keeps its name, so a strict schema can name it in its refusal.
        if (!field) put(out, k, v);
        else out[field.name] = field.conv && v !== null && v !== undefined ? field.conv(v, depth + 1) : v;
      }
      return out;
    };
  }
  const d = defOf(s);
  switch (d.type) {
    case "record": {
      if (!d.valueType) return asIs;
      const conv = convOf(d.valueType, io);
      if (renamesNothing(conv)) return asIs;
      return (value, depth) => {
        if (!plain(value) || depth > MAX_DEPTH) return value;
        const out: Record<string, unknown> = {};
        for (const k of Object.keys(value)) put(out, k, conv(value[k], depth + 1));
        return out;
      };
    }
    case "array": {
      if (!d.element) return asIs;
      const conv = convOf(d.element, io);
      if (renamesNothing(conv)) return toWire ? keptArray : asIs;
      return (value, depth) =>
        Array.isArray(value) && depth <= MAX_DEPTH ? value.map((v) => conv(v, depth + 1)) : value;
    }
    case "tuple": {
      const items = (d.items ?? []).map((i) => convOf(i, io));
      const rest = d.rest ? convOf(d.rest, io) : asIs;
      if (toWire && renamesNothing(rest) && items.every(renamesNothing)) return asIs;
      return (value, depth) =>
        Array.isArray(value) && depth <= MAX_DEPTH
          ? value.map((v, i) => (items[i] ?? rest)(v, depth + 1))
          : value;
    }
    case "union": {
      const options = d.options ?? [];
      if (!options.length) return asIs;
      const byOption = new Map(options.map((o) => [o, convOf(o, io)]));
      if (toWire && [...byOption.values()].every(renamesNothing)) return asIs;
      const toCode = toWire ? same : camel;
      return (value, depth) =>
        value === null || value === undefined || depth > MAX_DEPTH
          ? value
          : byOption.get(pick(options, value, io, toCode)!)!(value, depth + 1);
    }
    default:
      return asIs;
  }
}

/** An answer as the JSON API and MCP send it. */
export const toWire = (schema: z.ZodType, value: unknown) => convOf(schema, "output")(value, 0);
/** A request as the JSON API or MCP received it, in the names the action parses. */
export const fromWire = (schema: z.ZodType, value: unknown) => convOf(schema, "input")(value, 0);

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
