// An answer's JSON with the kept texts of frozen items joined in (server/http/json.ts): always the text JSON.stringify
// writes for the same value, and an item's text made once however many answers carry it.
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { frozen } from "../rules/frozen";
import { toWire } from "../operations/wire";
import { answerJson, spliced } from "./json";

/** A frozen item that counts how many times JSON.stringify has written it. */
function counted(value: Record<string, unknown>) {
  const count = { n: 0 };
  const item = frozen({
    ...value,
    toJSON() {
      count.n++;
      return value;
    },
  });
  return { item, count };
}

describe("answerJson", () => {
  it("writes what JSON.stringify writes, with spliced arrays anywhere in the answer", () => {
    const acts = [
      frozen({
        index: 0,
        said: { text: 'a "quoted" \\ line\nand more', claims: [{ clause: "c", setting: "s" }] },
      }),
      frozen({ index: 1, accord: { "odd key \u2028": "é", __proto__x: "1" } }),
      frozen({ index: 2, at: 1765051234567.125, by: undefined }),
    ];
    const value = {
      first: "x",
      game: { acts: spliced([...acts]), charter: spliced(["a", "b"]), empty: spliced([]) },
      again: spliced([acts[2], acts[0]]),
      last: [1, null],
    };
    const plain = JSON.parse(JSON.stringify(value));
    expect(answerJson(value)).toBe(JSON.stringify(plain));
    expect(JSON.parse(answerJson(value))).toEqual(plain);
  });

  it("writes a spliced array's items that are not frozen, or not objects, as they are now", () => {
    const loose = { index: 9 };
    const items = spliced([frozen({ index: 0 }), loose, undefined, "text", 3, null] as unknown[]);
    loose.index = 10;
    expect(answerJson({ items })).toBe('{"items":[{"index":0},{"index":10},null,"text",3,null]}');
    expect(answerJson(items)).toBe('[{"index":0},{"index":10},null,"text",3,null]');
  });

  it("makes a frozen item's text once, for every answer that carries it", () => {
    const { item, count } = counted({ index: 0, text: "kept" });
    const other = frozen({ index: 1 });
    for (let i = 0; i < 5; i++)
      expect(answerJson({ acts: spliced([item, other]) })).toBe(
        '{"acts":[{"index":0,"text":"kept"},{"index":1}]}',
      );
    expect(count.n).toBe(1);
  });

  it("outside answerJson a spliced array is written as its items, marking nothing", () => {
    const items = spliced([frozen({ index: 0 }), frozen({ index: 1 })]);
    expect(JSON.stringify({ items })).toBe('{"items":[{"index":0},{"index":1}]}');
    expect(Array.isArray(items) && items.length).toBe(2);
    expect(Object.keys(items)).toEqual(["0", "1"]);
  });

  it("a spliced array inside a frozen item is written whole into the item's text", () => {
    const inner = frozen({ deep: spliced([frozen({ index: 5 })]) });
    expect(answerJson({ outer: spliced([inner]) })).toBe('{"outer":[{"deep":[{"index":5}]}]}');
    expect(answerJson({ outer: spliced([inner]) })).toBe('{"outer":[{"deep":[{"index":5}]}]}');
  });

  it("a string that looks like the mark, without its NUL and this process's id, stays data", () => {
    const value = {
      said: '"\\u0000parley-json-00000000-0000-0000-0000-000000000000:0"',
      acts: spliced([frozen({ index: 0 })]),
      also: "parley-json-:0",
    };
    expect(JSON.parse(answerJson(value))).toEqual(JSON.parse(JSON.stringify(value)));
  });

  it("undefined is written as null (an answer is always JSON)", () => {
    expect(answerJson(undefined)).toBe("null");
  });
});

describe("the wire hands answerJson its arrays of frozen items", () => {
  const Act = z.object({ index: z.number(), said: z.object({ text: z.string() }).optional() });
  const State = z.object({ tableId: z.number(), acts: z.array(Act), names: z.array(z.string()) });

  it("an array with nothing to rename goes spliced when its items are frozen whole, else as it stands", () => {
    const acts = [frozen({ index: 0, said: { text: "hi" } }), frozen({ index: 1 })];
    const wire = toWire(State, { tableId: 3, acts, names: ["a"] }) as { acts: unknown[]; names: unknown[] };
    expect(wire.acts).not.toBe(acts);
    expect(wire.acts).toEqual(acts);
    expect(answerJson(wire)).toBe(
      '{"table_id":3,"acts":[{"index":0,"said":{"text":"hi"}},{"index":1}],"names":["a"]}',
    );
    const fresh = [{ index: 0 }];
    expect((toWire(State, { tableId: 3, acts: fresh, names: [] }) as { acts: unknown }).acts).toBe(fresh);
  });
});
