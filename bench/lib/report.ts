// The bench's table: one row per measurement, its target from the spec, and whether it meets it.

export type Verdict = "meets" | "misses" | "n/a" | "—";
export type Row = {
  what: string;
  db: string;
  measured: string;
  baseline: string;
  ratio: string;
  target: string;
  verdict: Verdict;
};

export const verdict = (ok: boolean): Verdict => (ok ? "meets" : "misses");

export const row = (r: Partial<Row> & Pick<Row, "what" | "measured">): Row => ({
  db: "—",
  baseline: "",
  ratio: "",
  target: "",
  verdict: "—",
  ...r,
});

const HEAD: Record<keyof Row, string> = {
  what: "what",
  db: "database",
  measured: "measured",
  baseline: "baseline (bare node:http)",
  ratio: "app / baseline",
  target: "target",
  verdict: "verdict",
};
const COLUMNS = Object.keys(HEAD) as (keyof Row)[];

/** A Markdown table: readable in a terminal and pasted as-is into docs/performance.md. */
export function markdown(rows: Row[]): string {
  const cell = (s: string) => s.replaceAll("|", "\\|");
  const line = (r: Record<keyof Row, string>) => `| ${COLUMNS.map((c) => cell(r[c])).join(" | ")} |`;
  return [line(HEAD), `| ${COLUMNS.map(() => "---").join(" | ")} |`, ...rows.map(line)].join("\n");
}

export const ms = (x: number) =>
  x >= 100
    ? `${Math.round(x)} ms`
    : x >= 0.1
      ? `${x.toFixed(x >= 10 ? 1 : 2)} ms`
      : `${(x * 1000).toFixed(1)} µs`;
export const lat = (l: { p50: number; p95: number; p99: number }) =>
  `p50 ${ms(l.p50)} · p95 ${ms(l.p95)} · p99 ${ms(l.p99)}`;
export const perSec = (x: number, unit: string) => `${Math.round(x).toLocaleString("en-US")} ${unit}/s`;
