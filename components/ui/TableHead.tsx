// The header row of a data table, one cell a column: every column's cell drawn alike (`cell`), a number's column
// aligned right, or a column drawn its own way.
import type { ReactNode } from "react";

export type Column = string | { label: ReactNode; right?: boolean; className?: string };

export function TableHead({
  columns,
  className,
  cell,
}: {
  columns: Column[];
  className: string;
  cell: string;
}) {
  return (
    <thead className={className}>
      <tr>
        {columns.map((c, i) => {
          const { label, right = false, className: own } = typeof c === "string" ? { label: c } : c;
          const look = own ?? (right ? `${cell} text-right` : cell);
          return (
            <th key={i} className={look || undefined}>
              {label}
            </th>
          );
        })}
      </tr>
    </thead>
  );
}
