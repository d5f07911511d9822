// Where the canvas opens and what a search, a filter or a collapsed wave leaves on it, for a small plan.
import { describe, expect, it } from "vitest";
import type { NodeView, PlanView } from "@/server/actions/checkpoint";
import { holdersOf, matchesOf, mattersOf, openingOf } from "./canvasLook";
import { flowOf, newFlowCache, plainLook } from "./flow";
import { waveLayout } from "./layout";

const node = (id: string, wave: number, more: Partial<NodeView> = {}): NodeView => ({
  id,
  title: null,
  dependsOn: [],
  wave,
  needsApproval: false,
  held: false,
  change: null,
  status: null,
  evidenceHash: null,
  reportedBy: null,
  role: null,
  findings: [],
  risks: [],
  ...more,
});

/** Six waves, as the demo's plan: scan → lint → build → patch (just finished) → publish (next) → announce. */
function planOf(nodes: NodeView[]): PlanView {
  const waves = Math.max(...nodes.map((n) => n.wave)) + 1;
  return {
    nodes,
    lanes: Array.from({ length: waves }, (_, wave) => ({
      wave,
      nodeIds: nodes.filter((n) => n.wave === wave).map((n) => n.id),
    })),
    removed: [],
    revision: { changes: { added: [], removed: [], rewired: [] } },
    gates: null,
    findings: [],
  } as unknown as PlanView;
}

const view = planOf([
  node("scan", 0, { status: "success", title: "Scan the tree" }),
  node("lint", 1, { status: "success", dependsOn: ["scan"] }),
  node("build", 2, { status: "success", dependsOn: ["lint"] }),
  node("patch-a", 3, { status: "success", dependsOn: ["build"], role: "justFinished" }),
  node("patch-b", 3, { status: "partial", dependsOn: ["build"], role: "justFinished" }),
  node("publish", 4, {
    dependsOn: ["patch-a", "patch-b"],
    role: "next",
    findings: [{ id: "prerequisite-not-success", message: "patch-b is partial", prerequisiteId: "patch-b" }],
  }),
  node("docs", 4, { dependsOn: ["patch-a"], role: "next", risks: [] }),
  node("announce", 5, {
    dependsOn: ["publish"],
    risks: [{ id: "R1", severity: "high", unresolved: true, toReassess: false }],
  }),
]);

const layoutOf = (v: PlanView) =>
  waveLayout({
    lanes: v.lanes.map((l) => l.nodeIds),
    edges: v.nodes.flatMap((n) => n.dependsOn.map((from) => ({ from, to: n.id }))),
  });

describe("the canvas's opening view", () => {
  it("opens on the wave just finished, the next, and what holds the next", () => {
    expect(mattersOf(view)).toEqual(["patch-a", "patch-b", "publish", "docs", "announce"]);
    expect([...holdersOf(view)].sort()).toEqual(["announce", "patch-b", "publish"]);
  });

  it("opens on the first two waves when there is no checkpoint yet", () => {
    const fresh = planOf(view.nodes.map((n) => ({ ...n, role: null, findings: [], risks: [] })));
    expect(mattersOf(fresh)).toEqual(["scan", "lint"]);
  });

  it("opens a phone on the next wave alone, and keeps to the rows that fit at a readable zoom", () => {
    const layout = layoutOf(view);
    expect(openingOf(view, layout, { width: 1000, height: 600 }).map((n) => n.id)).toHaveLength(5);
    // Three lanes do not fit 700 px at a readable zoom: the wave just finished and the next do.
    expect(openingOf(view, layout, { width: 700, height: 600 }).map((n) => n.id)).toEqual([
      "patch-a",
      "patch-b",
      "publish",
      "docs",
    ]);
    expect(openingOf(view, layout, { width: 360, height: 500 }).map((n) => n.id)).toEqual([
      "publish",
      "docs",
    ]);
    // Two small waves read whole: the plan opens whole.
    const small = planOf([node("a", 0), node("b", 1, { dependsOn: ["a"], role: "next" })]);
    expect(openingOf(small, layoutOf(small), { width: 1000, height: 600 })).toEqual([]);
    const tall = planOf(Array.from({ length: 60 }, (_, i) => node(`n${i}`, 0, { role: "next" })));
    const opening = openingOf(tall, layoutOf(tall), { width: 800, height: 600 });
    expect(opening.length).toBeGreaterThan(2);
    expect(opening.length).toBeLessThan(10);
    expect(opening[0]).toEqual({ id: "n0" });
  });
});

describe("finding and narrowing", () => {
  it("finds by id, title, finding and risk, any case; filters by status; nothing asked, nothing dimmed", () => {
    expect(matchesOf(view, "", "")).toBeNull();
    // publish's finding names patch-b, so it is found too.
    expect([...matchesOf(view, "PATCH", "")!]).toEqual(["patch-a", "patch-b", "publish"]);
    expect([...matchesOf(view, "scan the", "")!]).toEqual(["scan"]);
    expect([...matchesOf(view, "prerequisite-not", "")!]).toEqual(["publish"]);
    expect([...matchesOf(view, "r1", "")!]).toEqual(["announce"]);
    expect([...matchesOf(view, "patch", "partial")!]).toEqual(["patch-b"]);
    expect([...matchesOf(view, "", "none")!]).toEqual(["publish", "docs", "announce"]);
    expect(matchesOf(view, "nothing like it", "")!.size).toBe(0);
  });

  it("dims what a search leaves out and hides what the filter leaves out, edges included", () => {
    const layout = layoutOf(view);
    const look = { ...plainLook(), bright: new Set(["publish"]), only: holdersOf(view) };
    const { nodes, edges } = flowOf(view, layout, null, newFlowCache(), look);
    const work = new Map(nodes.filter((n) => n.type === "work").map((n) => [n.id, n]));
    expect((work.get("publish")!.data as { dimmed: boolean }).dimmed).toBe(false);
    expect((work.get("scan")!.data as { dimmed: boolean }).dimmed).toBe(true);
    expect(work.get("scan")!.hidden).toBe(true);
    expect(work.get("patch-b")!.hidden).toBe(false);
    // Of the drawn edges only patch-b → publish and publish → announce join two nodes both shown.
    const all = Object.values(edges).flat().join("");
    expect(all.match(/M/g)).toHaveLength(2);
  });

  it("draws a collapsed wave as one summary card, with its edges drawn once to and from it", () => {
    const layout = layoutOf(view);
    const look = { ...plainLook(), collapsed: new Set([3]) };
    const { nodes, edges } = flowOf(view, layout, null, newFlowCache(), look);
    expect(nodes.some((n) => n.id === "patch-a" || n.id === "patch-b")).toBe(false);
    const summary = nodes.find((n) => n.id === "wave:3")!;
    expect(summary.data).toMatchObject({
      wave: 3,
      count: 2,
      statuses: { success: 1, partial: 1 },
      findings: 0,
    });
    // build → wave 3 is drawn once for two edges; wave 3 → publish stays two, one plain and one the audit blames.
    const plain = Object.values(edges).flat().join("").match(/M/g)!.length;
    const open = Object.values(flowOf(view, layout, null, newFlowCache()).edges)
      .join("")
      .match(/M/g)!.length;
    expect(open - plain).toBe(1);
    expect(edges.blamed.join("").match(/M/g)).toHaveLength(1);
  });
});
