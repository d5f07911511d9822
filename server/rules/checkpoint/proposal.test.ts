// Where a plan stands between waves, which evidence a revision keeps, declared waves, and risks to reassess.
import { describe, expect, it } from "vitest";
import example from "./fixtures/checkpoint-valid.json" with { type: "json" };
import {
  checkDeclaredWaves,
  proposeCheckpoint,
  stillToReassess,
  unchangedClosures,
  waveKey,
} from "@/server/rules/checkpoint";

const revision4 = [
  { id: "scan", dependsOn: [] },
  { id: "patch-X", dependsOn: ["scan"] },
  { id: "publish", dependsOn: ["patch-X"] },
];
const revision5 = example.nodes;
const waves5 = [["scan"], ["inspect-call-sites"], ["patch-X"], ["publish"]];

describe("proposeCheckpoint", () => {
  it("has nothing to hold before the first outcome, nor after the last wave", () => {
    expect(proposeCheckpoint(waves5, new Set())).toMatchObject({ nextWave: null, reason: /Wave 1/ });
    expect(proposeCheckpoint(waves5, new Set(["publish"]))).toMatchObject({ reason: /last wave/ });
    expect(proposeCheckpoint([], new Set())).toMatchObject({ reason: /no nodes/ });
  });

  it("holds the checkpoint after the latest wave that reported, proposing the one after it", () => {
    expect(proposeCheckpoint(waves5, new Set(["scan"]))).toEqual({
      justFinished: ["scan"],
      nextWave: ["inspect-call-sites"],
      wave: 0,
    });
    expect(proposeCheckpoint(waves5, new Set(["scan", "inspect-call-sites"]))).toMatchObject({
      justFinished: ["inspect-call-sites"],
      nextWave: ["patch-X"],
    });
  });

  it("leaves held nodes out of the next wave, and says so when all of it is held", () => {
    const waves = [["a"], ["b", "c"]];
    expect(proposeCheckpoint(waves, new Set(["a"]), new Set(["b"]))).toMatchObject({ nextWave: ["c"] });
    expect(proposeCheckpoint(waves, new Set(["a"]), new Set(["b", "c"]))).toMatchObject({
      reason: /held by a prune/,
    });
  });
});

describe("unchangedClosures", () => {
  it("keeps scan's evidence into revision 5, but not patch-X's (rewired) nor publish's (after it)", () => {
    expect(unchangedClosures(revision4, revision5)).toEqual(["scan"]);
  });

  it("keeps everything between a revision and a copy of itself, and nothing for a graph with no waves", () => {
    expect(unchangedClosures(revision5, revision5)).toEqual(revision5.map((n) => n.id));
    expect(unchangedClosures(revision5, [{ id: "a", dependsOn: ["a"] }])).toEqual([]);
  });
});

describe("checkDeclaredWaves", () => {
  it("accepts waves that respect the dependencies", () => {
    expect(checkDeclaredWaves(revision5, waves5)).toEqual({ ok: true, value: waves5 });
    expect(checkDeclaredWaves(revision4, [["scan"], ["patch-X"], ["publish"]]).ok).toBe(true);
  });

  it("refuses a node twice, a node missing, an unknown id, an empty wave and a dependency in the same wave", () => {
    expect(checkDeclaredWaves(revision4, [["scan", "scan"], ["patch-X"], ["publish"]])).toMatchObject({
      message: /more than one wave/,
    });
    expect(checkDeclaredWaves(revision4, [["scan"], ["patch-X"]])).toMatchObject({ message: /no declared/ });
    expect(checkDeclaredWaves(revision4, [["scan"], ["nope"]])).toMatchObject({ message: /no node/ });
    expect(checkDeclaredWaves(revision4, [["scan"], []])).toMatchObject({ message: /empty/ });
    expect(checkDeclaredWaves(revision4, [["scan", "patch-X"], ["publish"]])).toMatchObject({
      code: "invalid",
      message: /depends on "scan"/,
    });
  });
});

describe("waveKey", () => {
  it("is the same for the same set of ids, whatever the order or repeats", () => {
    expect(waveKey(["b", "a", "b"])).toBe(waveKey(["a", "b"]));
    expect(waveKey(["a"])).not.toBe(waveKey(["a", "b"]));
  });
});

describe("stillToReassess", () => {
  const r7 = { id: "R7", affectedNodes: ["scan", "inspect-call-sites"], revision: 5, assessedAt: 100 };
  const r9 = { id: "R9", affectedNodes: ["publish"], revision: 5, assessedAt: 100 };
  it("flags a risk touching the wave just finished until it is reassessed after that wave reported", () => {
    const reported = new Map([["inspect-call-sites", 200]]);
    expect(stillToReassess([r7, r9], ["inspect-call-sites"], 5, reported)).toEqual(["R7"]);
    expect(stillToReassess([{ ...r7, assessedAt: 300 }], ["inspect-call-sites"], 5, reported)).toEqual([]);
    expect(
      stillToReassess([{ ...r7, revision: 4, assessedAt: 300 }], ["inspect-call-sites"], 5, reported),
    ).toEqual(["R7"]);
  });
});
