// A titled card of rows, as the lobby and the round tables' list show each of their sections: a line saying so when
// there are none, then one row per item, drawn by the caller.
import type { ReactNode } from "react";

export function ListSection<T extends { id: number }>({
  title,
  testId,
  rowTestId,
  items,
  empty,
  wrap = false,
  row,
}: {
  title: string;
  /** The section's test id is this and its title, e.g. "lobby-open-tables". */
  testId: string;
  rowTestId: string;
  items: T[];
  empty: string;
  /** Let a row's parts wrap onto a second line on a narrow screen. */
  wrap?: boolean;
  row: (item: T) => ReactNode;
}) {
  return (
    <section className="card p-0" data-testid={`${testId}-${title.toLowerCase().replaceAll(" ", "-")}`}>
      <h2 className="border-b border-stone-100 px-5 py-3 font-semibold">{title}</h2>
      {items.length === 0 ? <p className="px-5 py-4 text-sm text-stone-500">{empty}</p> : null}
      <ul>
        {items.map((item) => (
          <li
            key={item.id}
            className={`flex items-center ${wrap ? "flex-wrap gap-x-3 gap-y-1" : "gap-3"} border-b border-stone-100 px-5 py-2 text-sm last:border-0`}
            data-testid={rowTestId}
          >
            {row(item)}
          </li>
        ))}
      </ul>
    </section>
  );
}
