// Frozen all the way down: what is shared between readers (a kept act, its view, the worked example) is frozen, so
// no reader can change it for the others; one that wants to change it copies it first.

/** What `frozen` froze, with everything inside it: such a value never changes, so what is made of it may be kept. */
const whole = new WeakSet<object>();

export function frozen<T>(value: T): T {
  if (value && typeof value === "object" && !whole.has(value)) {
    for (const v of Object.values(value)) frozen(v);
    Object.freeze(value);
    whole.add(value);
  }
  return value;
}

/** Whether `value` is an object `frozen` froze whole (a value merely `Object.freeze`d may hold one that changes). */
export const frozenWhole = (value: unknown): value is object =>
  typeof value === "object" && value !== null && whole.has(value);

/**
 * `before` (frozen whole, or empty) and then `added`, frozen whole: only the added values are walked, so a ledger that
 * grows by an act costs that act, not the ledger.
 */
export function frozenAppend<T>(before: readonly T[], added: readonly T[]): readonly T[] {
  const all = before.concat(added);
  if (before.length && !whole.has(before)) return frozen(all);
  for (const v of added) frozen(v);
  whole.add(Object.freeze(all));
  return all;
}
