// A select's options: each value, shown as itself or in the words `say` gives it.
import type { ReactNode } from "react";

export function Options<T extends string | number>({
  values,
  say = String,
}: {
  values: readonly T[];
  say?: (value: T) => ReactNode;
}) {
  return values.map((value) => (
    <option key={value} value={value}>
      {say(value)}
    </option>
  ));
}

/** The whole numbers from `min` to `max`, both included. */
export const range = (min: number, max: number) => Array.from({ length: max - min + 1 }, (_, i) => min + i);
