// The wire's names through unions: each value is converted by the option it is (a field that tells the options
// apart names it at once; else the option whose fields cover the value best), both ways, and a record's keys and a
// verbatim document's names are data.
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { fromWire, toWire, verbatim } from "./wire";

const act = z.union([
  z.object({
    type: z.literal("offer"),
    accordTerms: z.record(z.string(), z.number()),
    saidAloud: z.string(),
  }),
  z.object({ type: z.literal("accept"), citeTurn: z.number().optional() }),
  z.object({ type: z.literal(["pass", "wait"]), byClock: z.boolean(), seatName: z.string() }),
]);
const state = z.object({
  tableId: z.number(),
  lastActs: z.array(act),
  yourNote: z.union([z.string(), z.null()]),
});

describe("unions on the wire", () => {
  it("renames each act by its own option, leaving a record's keys as they are", () => {
    const value = {
      tableId: 7,
      lastActs: [
        { type: "offer", accordTerms: { northGate: 2 }, saidAloud: "take it" },
        { type: "accept", citeTurn: 0 },
        { type: "wait", byClock: true, seatName: "ann" },
      ],
      yourNote: null,
    };
    const wire = {
      table_id: 7,
      last_acts: [
        { type: "offer", accord_terms: { northGate: 2 }, said_aloud: "take it" },
        { type: "accept", cite_turn: 0 },
        { type: "wait", by_clock: true, seat_name: "ann" },
      ],
      your_note: null,
    };
    expect(toWire(state, value)).toEqual(wire);
    expect(fromWire(state, wire)).toEqual(value);
  });

  it("an act whose type names no option is read by the first option; one without a type by its fields", () => {
    expect(toWire(act, { type: "shout", saidAloud: "x" })).toEqual({ type: "shout", said_aloud: "x" });
    expect(toWire(act, { byClock: false, seatName: "bo" })).toEqual({ by_clock: false, seat_name: "bo" });
    expect(fromWire(act, { cite_turn: 3 })).toEqual({ citeTurn: 3 });
  });

  it("a literal of the named option that the value contradicts rules it out, as every other option", () => {
    const two = z.union([
      z.object({ type: z.literal("a"), fooBar: z.number() }),
      z.object({ type: z.literal("b"), kind: z.literal("x"), bazQux: z.number() }),
    ]);
    // "b" is named, but kind "y" contradicts it: nothing fits, so the first option reads it
    expect(toWire(two, { type: "b", kind: "y", bazQux: 1, fooBar: 2 })).toEqual({
      type: "b",
      kind: "y",
      bazQux: 1,
      foo_bar: 2,
    });
    expect(toWire(two, { type: "b", kind: "x", bazQux: 1 })).toEqual({ type: "b", kind: "x", baz_qux: 1 });
  });

  it("a union of objects without a telling field picks the one that covers the value", () => {
    const loose = z.union([
      z.object({ seatsMax: z.number() }),
      z.object({ turnWindowMs: z.number(), seatsMax: z.number() }),
    ]);
    expect(toWire(loose, { turnWindowMs: 5, seatsMax: 4 })).toEqual({ turn_window_ms: 5, seats_max: 4 });
  });

  it("a scalar passes a union with a scalar option; a verbatim document keeps its names", () => {
    const mixed = z.union([z.string(), z.object({ fooBar: z.number() })]);
    expect(toWire(mixed, "plain words")).toBe("plain words");
    expect(toWire(mixed, { fooBar: 1 })).toEqual({ foo_bar: 1 });
    const doc = z.object({ theDoc: verbatim(z.object({ keepMe: z.number() })) });
    expect(toWire(doc, { theDoc: { keepMe: 1 } })).toEqual({ the_doc: { keepMe: 1 } });
  });
});

describe("the conversion's edges", () => {
  it("towards the wire, a value with nothing to rename at any depth is the value itself, not a copy", () => {
    const said = z.object({ text: z.string(), claims: z.array(z.object({ clause: z.string() })) });
    const logged = z.union([
      z.object({ type: z.literal("offer"), accord: z.record(z.string(), z.string()), said: said.optional() }),
      z.object({ type: z.literal("pass"), by: z.literal("clock").optional(), at: z.tuple([z.number()]) }),
    ]);
    const log = z.object({ acts: z.array(logged), startedAt: z.number() });
    const acts = [
      { type: "offer", accord: { north_gate: "open" }, said: { text: "t", claims: [{ clause: "c" }] } },
      { type: "pass", by: "clock", at: [1] },
    ];
    const wire = toWire(log, { acts, startedAt: 3 }) as { acts: unknown; started_at: number };
    expect(wire.acts).toBe(acts);
    expect(wire).toEqual({ acts, started_at: 3 });
    // One field to rename anywhere inside, and every level above it is copied.
    const renamed = z.object({ acts: z.array(z.object({ type: z.string(), saidAloud: z.string() })) });
    const inner = [{ type: "x", saidAloud: "y" }];
    const got = toWire(renamed, { acts: inner }) as { acts: unknown[] };
    expect(got.acts).not.toBe(inner);
    expect(got).toEqual({ acts: [{ type: "x", said_aloud: "y" }] });
    // From the wire a key is matched by its camelCase (`x_1` is field x1), so nothing is passed as it stands.
    const digits = z.object({ x1: z.number() });
    expect(fromWire(digits, { x_1: 2 })).toEqual({ x1: 2 });
  });

  it("a schema that holds itself (through lazy) converts at every level", () => {
    type Node = { nodeName: string; childNodes: Node[] };
    const node: z.ZodType<Node> = z.lazy(() => z.object({ nodeName: z.string(), childNodes: z.array(node) }));
    const value = {
      nodeName: "a",
      childNodes: [{ nodeName: "b", childNodes: [{ nodeName: "c", childNodes: [] }] }],
    };
    const wire = {
      node_name: "a",
      child_nodes: [{ node_name: "b", child_nodes: [{ node_name: "c", child_nodes: [] }] }],
    };
    expect(toWire(node, value)).toEqual(wire);
    expect(fromWire(node, wire)).toEqual(value);
  });

  it("a key named __proto__ stays a field of the value (a record's or an unknown one), never its prototype", () => {
    const s = z.object({ someTerms: z.record(z.string(), z.object({ fooBar: z.number() })) });
    const sent = JSON.parse('{"some_terms": {"__proto__": {"foo_bar": 1}}, "__proto__": {"polluted": true}}');
    const got = fromWire(s, sent) as Record<string, unknown>;
    expect(Object.getPrototypeOf(got)).toBe(Object.prototype);
    expect(Object.keys(got)).toEqual(["someTerms", "__proto__"]);
    const terms = got.someTerms as Record<string, unknown>;
    expect(Object.getPrototypeOf(terms)).toBe(Object.prototype);
    expect(Object.getOwnPropertyDescriptor(terms, "__proto__")?.value).toEqual({ fooBar: 1 });
    expect(({} as { polluted?: boolean }).polluted).toBeUndefined();
  });

  it("a value nested deeper than 64 levels is left as it stands below that depth", () => {
    type Deep = { innerPart?: Deep };
    const deep: z.ZodType<Deep> = z.lazy(() => z.object({ innerPart: deep.optional() }));
    let sent: Record<string, unknown> = {};
    const top = sent;
    for (let i = 0; i < 100; i++) sent = (sent.inner_part = {}) as Record<string, unknown>;
    let got = fromWire(deep, top) as Record<string, unknown>;
    let renamed = 0;
    while (got.innerPart) [got, renamed] = [got.innerPart as Record<string, unknown>, renamed + 1];
    expect(renamed).toBe(65);
    expect(got.inner_part).toBeDefined();
  });
});
