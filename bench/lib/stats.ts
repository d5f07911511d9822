// Percentiles of latency samples, one way for every section, so numbers compare across the table.

export type Latency = { n: number; p50: number; p95: number; p99: number; max: number; mean: number };

/** Nearest-rank percentile of sorted samples (no interpolation: every number reported was observed). */
export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return NaN;
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1]!;
}

export function latency(samples: readonly number[]): Latency {
  const sorted = [...samples].sort((a, b) => a - b);
  const sum = sorted.reduce((a, b) => a + b, 0);
  return {
    n: sorted.length,
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    p99: percentile(sorted, 99),
    max: sorted.at(-1) ?? NaN,
    mean: sorted.length ? sum / sorted.length : NaN,
  };
}
