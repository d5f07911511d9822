// The "Model calls" box as the server renders it: tokens, cost and latency each in its own labelled column, an
// unknown cost "—" and never $0, a sum with an unknown part "≥ $x".
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import type { TableState } from "@/server/actions/game";
import { costText, latencyText, ModelUsage } from "./ModelUsage";

type Usage = NonNullable<TableState["modelUsage"]>;
const seat = (s: Partial<Usage["seats"][number]> & { seat: number }): Usage["seats"][number] => ({
  calls: 2,
  tokensIn: 1200,
  tokensOut: 300,
  costUsd: 0.002,
  unpricedCalls: 0,
  latencyMsMean: 850,
  ...s,
});
const names = [
  "Ann",
  "claude-sonnet-4-5 (anthropic)",
  "llama3.1 (openai-compatible)",
  "gpt-4o (openai-compatible)",
];

const render = (seats: Usage["seats"], usd: number | null = null) =>
  renderToStaticMarkup(
    createElement(ModelUsage, { usage: { seats, budget: { tokens: 200_000, usd } }, names }),
  );

/** Each body and foot row's cells, as text (a screen reader's: the tokens' hidden " / " included). */
const rows = (html: string) =>
  [...html.matchAll(/<tr [^>]*data-testid="model-usage-(?:seat|total)">(.*?)<\/tr>/g)].map((m) =>
    [...m[1]!.matchAll(/<td[^>]*>(.*?)<\/td>/g)].map((c) => c[1]!.replace(/<[^>]*>/g, "")),
  );

describe("the Model calls box", () => {
  it("shows cost and latency in their own labelled columns", () => {
    const html = render([seat({ seat: 1 })]);
    const heads = [...html.matchAll(/<th scope="col"[^>]*>(.*?)<\/th>/g)].map((m) =>
      m[1]!.replace(/<[^>]*>/g, ""),
    );
    expect(heads).toEqual(["Seat", "Tokens in / out", "Cost", "Mean latency"]);
    expect(rows(html)).toEqual([
      ["claude-sonnet-4-5 (anthropic)2 calls", "1,200 / 300", "$0.0020", "850 ms"],
    ]);
    // One seat: no total row, no note about unknown costs.
    expect(html).not.toContain("model-usage-total");
    expect(html).not.toContain("model-usage-unknown");
  });

  it("shows an unknown cost as —, a partly known one as ≥ $x, and sums them so; never $0 for unknown", () => {
    const html = render(
      [
        seat({ seat: 1 }),
        seat({ seat: 2, costUsd: null, unpricedCalls: 2, latencyMsMean: 150 }),
        seat({ seat: 3, calls: 4, costUsd: 0.001, unpricedCalls: 1, latencyMsMean: null }),
      ],
      5,
    );
    expect(rows(html)).toEqual([
      ["claude-sonnet-4-5 (anthropic)2 calls", "1,200 / 300", "$0.0020", "850 ms"],
      ["llama3.1 (openai-compatible)2 calls", "1,200 / 300", "—", "150 ms"],
      ["gpt-4o (openai-compatible)4 calls", "1,200 / 300", "≥ $0.0010", "—"],
      ["All8 calls", "3,600 / 900", "≥ $0.0030", "500 ms"],
    ]);
    expect(html).toContain("the cost is unknown");
    expect(html).toContain("The budget in dollars counts only the calls whose cost is known.");
    expect(html).not.toContain("$0.0000");
  });

  it("sums seats whose cost is all unknown as —, and a known nothing as $0", () => {
    expect(costText(null, 3)).toBe("—");
    expect(costText(0, 0)).toBe("$0.0000");
    const html = render([
      seat({ seat: 2, costUsd: null, unpricedCalls: 2 }),
      seat({ seat: 3, costUsd: null, unpricedCalls: 1 }),
    ]);
    expect(rows(html).at(-1)).toEqual(["All4 calls", "2,400 / 600", "—", "850 ms"]);
    expect(latencyText(12_877)).toBe("12.9 s");
    expect(latencyText(999)).toBe("999 ms");
  });
});
