// The audit's speed: 1,000 nodes within 20 ms, and no blow-up (time, memory or stack) on huge or cyclic graphs.
import { describe, expect, it } from "vitest";
import { audit } from "@/server/rules/checkpoint";
import { chainDeclaration, layeredDeclaration } from "@/server/rules/checkpoint/scale";

/** The median of `runs` timed audits after a warm-up, in milliseconds. */
function medianMs(input: unknown, runs = 15): number {
  for (let i = 0; i < 3; i++) audit(input);
  const times = Array.from({ length: runs }, () => {
    const start = performance.now();
    audit(input);
    return performance.now() - start;
  }).sort((a, b) => a - b);
  return times[Math.floor(runs / 2)]!;
}

describe("audit speed", () => {
  it("audits a valid 1,000-node, 10-wave declaration in 20 ms or less", () => {
    const declaration = layeredDeclaration();
    expect(declaration.nodes).toHaveLength(1000);
    expect(audit(declaration).eligibleToAdmit).toBe(true);
    expect(medianMs(declaration)).toBeLessThanOrEqual(20);
  });

  it("stays within 20 ms on 1,000-node worst cases: a broken chain, a cycle, a wave with no evidence", () => {
    const broken = chainDeclaration(1000, { gaps: 1 });
    expect(audit(broken).findings).toHaveLength(998 + 1);
    const cycle = chainDeclaration(1000, { cyclic: true });
    expect(audit(cycle).findings.filter((f) => f.id === "cycle")).toHaveLength(1);
    const noEvidence = chainDeclaration(1000, { gaps: 999 });
    for (const input of [broken, cycle, noEvidence]) expect(medianMs(input)).toBeLessThanOrEqual(20);
  });

  it("answers on 100,000-node chains and cycles without overflowing the stack", () => {
    for (const input of [
      chainDeclaration(100_000, { gaps: 0 }),
      chainDeclaration(100_000, { gaps: 1 }),
      chainDeclaration(100_000, { gaps: 0, cyclic: true }),
      chainDeclaration(100_000, { gaps: 99_999 }),
    ]) {
      const start = performance.now();
      const result = audit(input);
      expect(performance.now() - start).toBeLessThan(5_000);
      expect(result.scope).toBe("supplied-declaration-consistency-only");
    }
  });
});
