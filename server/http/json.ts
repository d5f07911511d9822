// An answer's JSON, with the text of what many answers share made once. A long table's log is the same frozen acts in
// every read of it (server/rules/game/view.ts keeps each act's view), so rather than written out again at every read,
// each such act's JSON text is kept beside it and joined into the answer's text (docs/decisions/0011-frozen-json.md).
import { randomUUID } from "node:crypto";
import { frozenWhole } from "../rules/frozen";

/** The JSON text of a value frozen whole, by value: it never changes, so neither does its text. */
const texts = new WeakMap<object, string>();

/**
 * What JSON.stringify writes for a spliced array while `answerJson` runs: a string no answer's own data can hold, for
 * it starts with NUL (which the doors refuse in every string sent to them) and names this process's random id.
 */
const MARK = `\u0000parley-json-${randomUUID()}:`;
/** The mark as it stands in JSON text (NUL written as \u0000). */
const MARK_TEXT = JSON.stringify(MARK).slice(0, -1);

/** The texts of the arrays met during the `answerJson` now running, in the order JSON.stringify met them. */
let met: string[] | null = null;

/** A value's JSON text (an array's item: undefined is null), kept when the value is frozen whole. */
function textOf(value: unknown): string {
  const known = texts.get(value as object);
  if (known !== undefined) return known;
  const text = JSON.stringify(value) ?? "null";
  if (frozenWhole(value)) texts.set(value, text);
  return text;
}

/** An array's JSON text from its items' (a hole is null, as JSON.stringify writes it), kept when frozen whole. */
function listText(items: readonly unknown[]): string {
  const known = texts.get(items);
  if (known !== undefined) return known;
  const text = `[${Array.from(items, textOf).join(",")}]`;
  if (frozenWhole(items)) texts.set(items, text);
  return text;
}

/**
 * What JSON.stringify writes for a spliced copy of `items`: inside `answerJson`, a mark for the items' text, which
 * answerJson puts in its place; anywhere else, the items, as JSON.stringify would have written them without it.
 */
function marked(items: readonly unknown[]): unknown {
  const outer = met;
  if (!outer) return [...items];
  // An item's own text is written whole (a spliced array inside it answers its items, not a mark).
  met = null;
  try {
    outer.push(listText(items));
    return `${MARK}${outer.length - 1}`;
  } finally {
    met = outer;
  }
}

/**
 * A copy of `items` that `answerJson` writes from kept texts (the same text JSON.stringify would write): the whole
 * array's, when it is frozen whole (a kept ledger's log), else each item's. `items` itself when neither it nor its
 * first item is frozen whole: then there is nothing kept to join.
 */
export function spliced<T>(items: T[]): T[] {
  if (!frozenWhole(items) && !frozenWhole(items[0])) return items;
  const copy = items.slice();
  Object.defineProperty(copy, "toJSON", { value: () => marked(items) });
  return copy;
}

/** `value` as JSON.stringify writes it (undefined as "null"), each array made by `spliced` joined from kept texts. */
export function answerJson(value: unknown): string {
  const outer = met;
  met = [];
  try {
    const text = JSON.stringify(value) ?? "null";
    if (!met.length) return text;
    let out = "";
    let from = 0;
    for (let i = 0; i < met.length; i++) {
      const mark = `${MARK_TEXT}${i}"`;
      const at = text.indexOf(mark, from);
      out += text.slice(from, at) + met[i];
      from = at + mark.length;
    }
    return out + text.slice(from);
  } finally {
    met = outer;
  }
}
