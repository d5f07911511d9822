// The layout worker's script runs on its own (dagre's browser build and layoutWith's source) and lays out alike.
import { describe, expect, it } from "vitest";
import { workerScript } from "./route";
import { dagreLayout, type Layout, type LayoutInput } from "@/components/checkpoint/layout";

describe("the layout worker", () => {
  it("answers a message with the same layout the page would compute", () => {
    const input: LayoutInput = {
      lanes: [["a"], ["b", "c"], ["d"]],
      edges: [
        { from: "a", to: "b" },
        { from: "a", to: "c" },
        { from: "b", to: "d" },
      ],
    };
    let answer: { key: string; layout: Layout } | null = null;
    const self: { onmessage?: (e: { data: unknown }) => void; postMessage: (m: never) => void } = {
      postMessage: (m) => void (answer = m),
    };
    new Function("self", workerScript())(self);
    self.onmessage!({ data: { key: "k", input } });
    expect(answer).toEqual({ key: "k", layout: dagreLayout(input) });
  });
});
