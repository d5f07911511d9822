// Input checking shared by every action: a zod schema in, data or an `invalid` failure naming the field out.
import { z } from "zod";
import { fail, ok, type Result } from "../rules/result";

/**
 * On an array nested in another (each node's `depends_on`): how many items all its occurrences in one input hold
 * together, a limit the schema enforces with a refinement. A body cap derived from the schema counts them once for
 * the whole input, not once per parent (server/operations/size.ts).
 */
export const TOTAL_ITEMS = "x-total-items";
/** On a field the schema takes as it stands (a foreign document): the JSON Schema of its largest accepted form. */
export const LARGEST_AS = "x-largest-as";
/** On a field given instead of another (a plan's declaration, instead of its nodes): never both in one input. */
export const INSTEAD_OF = "x-instead-of";

/** Deeper than this, an input is not something a person or an agent wrote: refused before anything walks it. */
export const INPUT_DEPTH_MAX = 64;

/** How a door names a field to its caller (the JSON API and MCP say seats_max where the code says seatsMax). */
export type FieldNames = (name: string) => string;

export function parseInput<S extends z.ZodType>(
  schema: S,
  input: unknown,
  names?: FieldNames,
): Result<z.infer<S>> {
  const raw = input ?? {};
  const unfit = unstorable(raw, names);
  if (unfit) return fail("invalid", unfit);
  const parsed = schema.safeParse(raw);
  if (parsed.success) return ok(parsed.data);
  const issue = parsed.error.issues[0];
  const path = issue?.path.map((k) => (typeof k === "string" && names ? names(k) : String(k))) ?? [];
  // An unknown key is about that key; any other issue about the field at its path.
  const field =
    issue?.code === "unrecognized_keys" && issue.keys.length
      ? [...path, names ? names(issue.keys[0]!) : issue.keys[0]!].join(".")
      : path.join(".");
  return fail("invalid", describeIssue(issue, raw, names), field || undefined);
}

/** One sentence a person (or a model) can act on: which field, and what was expected. */
export function describeIssue(
  issue: z.core.$ZodIssue | undefined,
  input?: unknown,
  names?: FieldNames,
): string {
  if (!issue) return "The request is not valid.";
  const where = issue.path.length ? fieldName(issue.path.map(String), names) : "The request body";
  if (issue.code === "unrecognized_keys")
    return `${where} has an unknown field: ${issue.keys.map((k) => (names ? names(k) : k)).join(", ")}.`;
  // Zod 4 leaves the offending value out of its issues, so "missing" is told from "wrong type" by looking.
  if (issue.path.length && valueAt(input, issue.path) === undefined) return `${where} is required.`;
  const message = issue.message.replace(/^Invalid input: /, "").replace(/\.$/, "");
  return `${where}: ${message}.`;
}

function valueAt(input: unknown, path: readonly PropertyKey[]): unknown {
  let v = input;
  for (const k of path) {
    if (v === null || typeof v !== "object") return undefined;
    v = (v as Record<PropertyKey, unknown>)[k];
  }
  return v;
}

// A NUL, or half of a UTF-16 surrogate pair, cannot be stored as PostgreSQL text (it throws), and no person means
// to write one.
// eslint-disable-next-line no-control-regex -- the NUL is exactly what this looks for
const UNSTORABLE = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/**
 * Why this input cannot be taken, or null: too deep, or a string (a value or a key) PostgreSQL cannot store. Walked
 * without recursion, so a hostile depth cannot overflow the stack here.
 */
export function unstorable(input: unknown, names?: FieldNames): string | null {
  // Each node knows its parent, so a field's path is spelled only for the one a refusal names (not copied per field).
  const stack: Walked[] = [{ v: input, key: "", parent: null, depth: 0 }];
  while (stack.length) {
    const node = stack.pop()!;
    const v = node.v;
    if (typeof v === "string") {
      if (UNSTORABLE.test(v))
        return `${fieldName(pathTo(node), names)} holds a character that cannot be stored (NUL or a lone surrogate).`;
      continue;
    }
    if (v === null || typeof v !== "object") continue;
    if (node.depth >= INPUT_DEPTH_MAX)
      return `${fieldName(pathTo(node), names)} is nested deeper than ${INPUT_DEPTH_MAX} levels.`;
    // Pushed last to first, so the first bad field in the writer's order is the one named.
    const keys = Object.keys(v);
    for (let i = keys.length - 1; i >= 0; i--) {
      const k = keys[i]!;
      if (UNSTORABLE.test(k))
        return `${fieldName(pathTo(node), names)} has a field name that cannot be stored (NUL or a lone surrogate).`;
      stack.push({ v: (v as Record<string, unknown>)[k], key: k, parent: node, depth: node.depth + 1 });
    }
  }
  return null;
}

type Walked = { v: unknown; key: string; parent: Walked | null; depth: number };

function pathTo(node: Walked): string[] {
  const path: string[] = [];
  for (let n: Walked | null = node; n?.parent; n = n.parent) path.push(n.key);
  return path.reverse();
}

const fieldName = (path: string[], names?: FieldNames) =>
  path.length ? `"${path.map((p) => (names ? names(p) : p)).join(".")}"` : "The request body";

// Control characters (C0, DEL, C1) and the Unicode line and paragraph separators: none belongs inside one line.
// (White space and controls are matched as one greedy class and tested after, so the work stays linear in the length.)
const CONTROLS = "\\u0000-\\u001F\\u007F-\\u009F\\u2028\\u2029";
const SPACE_RUN = new RegExp(`[\\s${CONTROLS}]+`, "g");
const CONTROL = new RegExp(`[${CONTROLS}]`);

/** One line as stored: each run of control characters and line breaks (and the spaces beside it) one space, trimmed. */
export const oneLine = (s: string) => s.replace(SPACE_RUN, (run) => (CONTROL.test(run) ? " " : run)).trim();

/**
 * A user-written single-line field (a title, a name): CR, LF, tabs and every other control character collapse to one
 * space, and the ends are trimmed, so what a person wrote can never become two lines of a mail, a log or a heading.
 * Multi-line fields (said text, context, rationale) stay plain strings and keep their line breaks.
 */
export const ZOneLine = z.string().overwrite(oneLine);

/** A limit in JSON Schema's words (a string's length in code points, as the rules count characters). */
export type Limits = Partial<
  Record<
    | "minimum"
    | "maximum"
    | "minLength"
    | "maxLength"
    | "minItems"
    | "maxItems"
    | "minProperties"
    | "maxProperties",
    number
  >
>;

/**
 * A limit the rules enforce, each with its own sentence (said text after trimming, a table's size, its windows),
 * stated on the field's schema: every published schema (OpenAPI, MCP) then carries the rule's number, read from the
 * rules' constants, while the refusal stays the rules' own.
 */
export const ruled = <T extends z.ZodType>(schema: T, limits: Limits): T => schema.meta(limits) as T;

/** Ids are plain digits and nothing else, so one thing has one URL: "1e3" and "1.0" are not ids. */
export function parseId(raw: unknown): number | null {
  if (typeof raw === "number") return Number.isInteger(raw) && raw > 0 && raw <= 2_147_483_647 ? raw : null;
  if (typeof raw !== "string" || !/^[1-9]\d{0,9}$/.test(raw)) return null;
  const n = Number(raw);
  return n <= 2_147_483_647 ? n : null;
}
