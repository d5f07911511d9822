// A revision's changes as lists: nodes added, removed and retitled, and each dependency edge added or removed once.
import { describe, expect, it } from "vitest";
import type { PlanView } from "@/server/actions/checkpoint";
import { changeGroupsOf, findInChanges } from "./revisionChanges";

const view = {
  nodes: [
    { id: "scan", dependsOn: [] },
    { id: "inspect", dependsOn: ["scan"] },
    { id: "patch", dependsOn: ["inspect"] },
  ],
  removed: [{ id: "guess", title: null, dependsOn: ["scan"] }],
  revision: {
    changes: {
      added: ["inspect"],
      removed: ["guess"],
      rewired: [
        { id: "inspect", before: [], after: ["scan"] },
        { id: "patch", before: ["guess"], after: ["inspect"] },
      ],
      retitled: [{ id: "scan", before: "Scan", after: "Scan the tree" }],
      impacted: [],
    },
  },
} as unknown as PlanView;

describe("a revision's change list", () => {
  it("names every node and edge that came or went, each once", () => {
    expect(changeGroupsOf(view)).toEqual([
      { kind: "nodes added", items: ["inspect"] },
      { kind: "nodes removed", items: ["guess"] },
      { kind: "nodes retitled", items: ["scan: Scan → Scan the tree"] },
      { kind: "edges added", items: ["scan → inspect", "inspect → patch"] },
      { kind: "edges removed", items: ["scan → guess", "guess → patch"] },
    ]);
  });

  it("finds a node in every kind it appears in", () => {
    expect(findInChanges(changeGroupsOf(view), "GUESS")).toEqual([
      { kind: "nodes removed", items: ["guess"] },
      { kind: "edges removed", items: ["scan → guess", "guess → patch"] },
    ]);
  });
});
