// Finding the JSON object in what a model wrote.
import { describe, expect, it } from "vitest";
import { parseReplyText } from "@/server/rules/council";

const value = (text: string) => {
  const r = parseReplyText(text);
  return r.ok ? r.value : null;
};

describe("parseReplyText", () => {
  it("reads a bare object", () => {
    expect(value('{"position": "adopt", "confidence_now": 7}')).toEqual({
      position: "adopt",
      confidence_now: 7,
    });
    expect(value('\n  {"a": 1}  \n')).toEqual({ a: 1 });
  });

  it("reads a fenced block, with or without a language, around chatter", () => {
    expect(value('Here is my answer:\n```json\n{"a": 1}\n```\nThanks!')).toEqual({ a: 1 });
    expect(value('```\n{"a": 2}\n```')).toEqual({ a: 2 });
    expect(value('```json {"a": 3}```')).toEqual({ a: 3 });
  });

  it("prefers the fenced block to an object in the chatter", () => {
    expect(value('I considered {"a": 0} but:\n```json\n{"a": 1}\n```')).toEqual({ a: 1 });
  });

  it("takes the first fenced block that holds an object", () => {
    expect(value('```\nnot json\n```\n```json\n{"a": 1}\n```\n```json\n{"a": 2}\n```')).toEqual({ a: 1 });
  });

  it("finds an object in unfenced chatter, braces inside strings and all", () => {
    expect(value('Sure. {"critique": "they said {x} and \\"}\\"", "n": {"m": 1}} Hope it helps.')).toEqual({
      critique: 'they said {x} and "}"',
      n: { m: 1 },
    });
    expect(value('{broken} then {"a": 1}')).toEqual({ a: 1 });
  });

  it("refuses text with no object: arrays, scalars, broken JSON, nothing", () => {
    for (const text of ["[1, 2]", "7", "", "position: adopt", '{"a": 1', "```json\n[1]\n```"]) {
      expect(parseReplyText(text)).toEqual({
        ok: false,
        code: "invalid",
        message: "The reply holds no JSON object: answer with one JSON object and nothing else.",
      });
    }
  });
});
