// Longest-path layering and the canvas's lanes.
import { describe, expect, it } from "vitest";
import example from "./fixtures/checkpoint-valid.json" with { type: "json" };
import { deriveWaves, lanes } from "@/server/rules/checkpoint";
import { layeredDeclaration } from "./scale";

describe("deriveWaves", () => {
  it("puts the worked example's chain one node per wave", () => {
    const result = deriveWaves(example.nodes);
    expect(result.ok && result.value.waves).toEqual([
      ["scan"],
      ["inspect-call-sites"],
      ["patch-X"],
      ["publish"],
    ]);
    expect(result.ok && { ...result.value.waveOf }).toEqual({
      scan: 0,
      "inspect-call-sites": 1,
      "patch-X": 2,
      publish: 3,
    });
  });

  it("places a node one wave after its latest prerequisite (the longest path), in declaration order", () => {
    const result = deriveWaves([
      { id: "d", dependsOn: ["a", "c"] },
      { id: "a", dependsOn: [] },
      { id: "b", dependsOn: ["a"] },
      { id: "c", dependsOn: ["b"] },
      { id: "e", dependsOn: [] },
    ]);
    expect(result).toEqual({
      ok: true,
      value: { waves: [["a", "e"], ["b"], ["c"], ["d"]], waveOf: expect.anything() },
    });
    expect(result.ok && result.value.waveOf.d).toBe(3);
  });

  it("treats any id, even __proto__, as an ordinary key", () => {
    const result = deriveWaves([
      { id: "__proto__", dependsOn: [] },
      { id: "constructor", dependsOn: ["__proto__"] },
    ]);
    expect(result.ok && Object.entries(result.value.waveOf)).toEqual([
      ["__proto__", 0],
      ["constructor", 1],
    ]);
  });

  it.each([
    [
      "a cycle",
      [
        { id: "a", dependsOn: ["b"] },
        { id: "b", dependsOn: ["a"] },
      ],
      "cycle",
    ],
    ["a self-dependency", [{ id: "a", dependsOn: ["a"] }], "cycle"],
    ["an unknown dependency", [{ id: "a", dependsOn: ["ghost"] }], '"ghost"'],
    [
      "a repeated id",
      [
        { id: "a", dependsOn: [] },
        { id: "a", dependsOn: [] },
      ],
      "twice",
    ],
  ])("fails on %s", (_, nodes, words) => {
    const result = deriveWaves(nodes);
    expect(result.ok).toBe(false);
    expect(!result.ok && result.code).toBe("invalid");
    expect(!result.ok && result.message).toContain(words);
  });

  it("layers a generated 1,000-node graph into its 10 waves, and a 100,000-node chain without overflow", () => {
    const layered = deriveWaves(layeredDeclaration().nodes);
    expect(layered.ok && layered.value.waves.map((w) => w.length)).toEqual(Array(10).fill(100));
    const chain = deriveWaves(
      Array.from({ length: 100_000 }, (_, i) => ({ id: `c${i}`, dependsOn: i ? [`c${i - 1}`] : [] })),
    );
    expect(chain.ok && chain.value.waveOf.c99999).toBe(99_999);
  });
});

describe("lanes", () => {
  it("are the declared waves when a revision has them, else the derived ones", () => {
    expect(
      lanes({
        nodes: example.nodes,
        waves: [
          ["scan", "inspect-call-sites"],
          ["patch-X", "publish"],
        ],
      }),
    ).toEqual({
      ok: true,
      value: [
        { wave: 0, nodeIds: ["scan", "inspect-call-sites"] },
        { wave: 1, nodeIds: ["patch-X", "publish"] },
      ],
    });
    const derived = lanes({ nodes: example.nodes });
    expect(derived.ok && derived.value.map((lane) => lane.nodeIds)).toEqual([
      ["scan"],
      ["inspect-call-sites"],
      ["patch-X"],
      ["publish"],
    ]);
    expect(lanes({ nodes: [{ id: "a", dependsOn: ["a"] }] }).ok).toBe(false);
  });
});
