// What a revision changed, and which successors a prune strands.
import { describe, expect, it } from "vitest";
import example from "./fixtures/checkpoint-valid.json" with { type: "json" };
import { diffRevisions, pruneImpact } from "@/server/rules/checkpoint";

// The trace of the original: revision 4 was scan → patch-X → publish; revision 5 puts inspect-call-sites after scan.
const revision4 = {
  nodes: [
    { id: "scan", dependsOn: [] },
    { id: "patch-X", title: "Patch X", dependsOn: ["scan"] },
    { id: "publish", dependsOn: ["patch-X"] },
  ],
};
const revision5 = { nodes: example.nodes };

describe("diffRevisions", () => {
  it("shows what revision 5 changed: one node added, patch-X rewired and retitled", () => {
    expect(diffRevisions(revision4, revision5)).toEqual({
      added: ["inspect-call-sites"],
      removed: [],
      rewired: [{ id: "patch-X", before: ["scan"], after: ["inspect-call-sites"] }],
      retitled: [{ id: "patch-X", before: "Patch X", after: undefined }],
    });
  });

  it("runs backwards too, and finds nothing between a revision and itself", () => {
    expect(diffRevisions(revision5, revision4).removed).toEqual(["inspect-call-sites"]);
    expect(diffRevisions(revision5, revision5)).toEqual({
      added: [],
      removed: [],
      rewired: [],
      retitled: [],
    });
  });

  it("calls a reordered or repeated dependsOn no rewiring, and counts a repeated node by its first declaration", () => {
    const before = {
      nodes: [
        { id: "a", dependsOn: [] },
        { id: "b", dependsOn: [] },
        { id: "c", dependsOn: ["a", "b"] },
      ],
    };
    const after = {
      nodes: [
        { id: "a", dependsOn: [] },
        { id: "b", dependsOn: [] },
        { id: "c", dependsOn: ["b", "a", "a"] },
        { id: "c", dependsOn: [] },
      ],
    };
    expect(diffRevisions(before, after)).toEqual({ added: [], removed: [], rewired: [], retitled: [] });
  });
});

describe("pruneImpact", () => {
  it("names every successor consuming a removed output, transitively, in declaration order", () => {
    expect(pruneImpact(example.nodes, ["inspect-call-sites"])).toEqual(["patch-X", "publish"]);
    expect(pruneImpact(example.nodes, ["publish"])).toEqual([]);
    expect(pruneImpact(example.nodes, ["scan", "patch-X"])).toEqual(["inspect-call-sites", "publish"]);
  });

  it("reaches through diamonds once, ignores unknown ids, and ends on a cycle", () => {
    const nodes = [
      { id: "a", dependsOn: [] },
      { id: "b", dependsOn: ["a"] },
      { id: "c", dependsOn: ["a"] },
      { id: "d", dependsOn: ["b", "c", "d"] },
      { id: "e", dependsOn: [] },
    ];
    expect(pruneImpact(nodes, ["a", "ghost"])).toEqual(["b", "c", "d"]);
    expect(pruneImpact(nodes, ["d"])).toEqual([]);
  });
});
