// The semantic zoom's arithmetic: each wave's block says what its cards would, and the blocks' grid is shaped so
// their text reads at fit view on a wide screen and on a phone.
import { describe, expect, it } from "vitest";
import type { NodeView, PlanView } from "@/server/actions/checkpoint";
import { blockColumns, blocksFit, BLOCK, BLOCK_MIN_ZOOM, MIN_TEXT_PX, summariesOf } from "./semanticZoom";

const node = (id: string, wave: number, more: Partial<NodeView> = {}): NodeView =>
  ({
    id,
    title: null,
    dependsOn: [],
    wave,
    held: false,
    status: null,
    role: null,
    findings: [],
    risks: [],
    ...more,
  }) as NodeView;

function planOf(nodes: NodeView[], gates: PlanView["gates"] = null): PlanView {
  const waves = Math.max(...nodes.map((n) => n.wave)) + 1;
  return {
    nodes,
    lanes: Array.from({ length: waves }, (_, wave) => ({
      wave,
      nodeIds: nodes.filter((n) => n.wave === wave).map((n) => n.id),
    })),
    gates,
  } as unknown as PlanView;
}

const risk = (id: string, severity: string, unresolved: boolean) =>
  ({ id, severity, unresolved, toReassess: false }) as NodeView["risks"][number];

describe("a wave's block", () => {
  const view = planOf(
    [
      node("a", 0, { status: "success" }),
      node("b", 0, { status: "failed", role: "justFinished", risks: [risk("R1", "low", false)] }),
      node("c", 0, { status: "success", role: "justFinished" }),
      node("d", 1, {
        role: "next",
        findings: [{ id: "next-wave-dependency-not-success", message: "b failed" }],
        risks: [risk("R2", "high", true), risk("R1", "low", false)],
      }),
      node("e", 1, { held: true }),
    ] as NodeView[],
    {
      approvalRequired: true,
      approvals: [],
      needed: 2,
      authority: { by: "ann" },
      resources: null,
    } as unknown as PlanView["gates"],
  );

  it("counts its nodes by status, its holds, the risks it carries, and the gates before the next wave", () => {
    const [first, next] = summariesOf(view, null, null);
    expect(first).toMatchObject({
      wave: 0,
      role: "justFinished",
      count: 3,
      statuses: [
        ["success", 2],
        ["failed", 1],
      ],
      findings: [],
      held: 0,
      risks: [{ id: "R1", severity: "low" }],
      gates: null,
      hits: null,
    });
    expect(next).toMatchObject({
      role: "next",
      statuses: [["none", 2]],
      findings: [["next-wave-dependency-not-success", 1]],
      held: 1,
      risks: [{ id: "R2", unresolved: true }, { id: "R1" }],
      gates: [
        { line: "approval 0 of 2", satisfied: false },
        { line: "authority ✓ · resources ✗", satisfied: false },
      ],
    });
  });

  it("says how many of its nodes a search or the holders filter picks out", () => {
    const [first, next] = summariesOf(view, new Set(["b"]), new Set(["d", "e"]));
    expect([first!.hits, next!.hits, first!.holders, next!.holders]).toEqual([1, 0, 0, 2]);
  });
});

describe("the blocks' grid", () => {
  const summaries = (n: number) =>
    summariesOf(planOf(Array.from({ length: n }, (_, i) => node(`n${i}`, i))), null, null);
  const fitZoom = (n: number, frame: { width: number; height: number }) => {
    const columns = blockColumns(n, frame);
    const rows = Math.ceil(n / columns);
    const w = columns * (BLOCK.width + BLOCK.gap) - BLOCK.gap;
    const h = rows * (BLOCK.height + BLOCK.gap) - BLOCK.gap;
    return Math.min((frame.width * 0.92) / w, (frame.height * 0.92) / h);
  };

  it("fits ten waves on a wide canvas with the blocks' smallest text at 10 px or more", () => {
    const frame = { width: 836, height: 560 };
    expect(fitZoom(10, frame) * BLOCK.textPx).toBeGreaterThanOrEqual(MIN_TEXT_PX);
    expect(blocksFit(summaries(10), frame).nodes).toHaveLength(10);
  });

  it("on a phone, frames the waves that matter at the least readable zoom instead of shrinking every block", () => {
    const frame = { width: 360, height: 480 };
    const list = summaries(10);
    list[4]!.role = "justFinished";
    list[5]!.role = "next";
    const fit = blocksFit(list, frame);
    expect(fit.nodes.map((n) => n.id)).toEqual(["block:4", "block:5"]);
    expect(fit.minZoom * BLOCK.textPx).toBeCloseTo(MIN_TEXT_PX);
    expect(fit.minZoom).toBe(BLOCK_MIN_ZOOM);
    expect(blockColumns(10, frame)).toBe(1); // two blocks side by side would not fit across at that zoom
  });
});
