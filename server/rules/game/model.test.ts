// §13 model players, the pure part: the prompt is the seat's own view, the reply is read strictly, and the scripted
// player's act is always one the rules accept.
import { describe, expect, it } from "vitest";
import { check } from "./check";
import { SAID_MAX, WHISPERS_PER_SEAT } from "./constants";
import {
  MODEL_WHISPERS_PER_REPLY,
  modelPrompt,
  readModelReply,
  scriptedPlayerReply,
  type ModelPlayerFacts,
} from "./model";
import { exampleAt, exampleTable } from "./test-kit";
import { view } from "./view";
import { WORKED_EXAMPLE } from "./worked-example";

const facts = (acts: number, seat: number, refusal: string | null = null): ModelPlayerFacts => {
  const game = exampleTable(acts);
  return {
    view: view(game, { seat }, exampleAt(acts) - 1),
    seat,
    names: WORKED_EXAMPLE.names,
    now: exampleAt(acts) - 1,
    asks: 0,
    refusal,
  };
};

describe("the prompt", () => {
  it("states the rules from the constants and holds the seat's own charge, no other", () => {
    const { system, prompt } = modelPrompt(facts(1, 1));
    expect(system).toMatch(/one JSON object/);
    expect(prompt).toContain(`at most ${SAID_MAX} characters`);
    expect(prompt).toContain(`At most ${WHISPERS_PER_SEAT} per seat`);
    expect(prompt).toContain("You hold seat 1 of 5");
    expect(prompt).toContain(
      '"yourCharge":{"aims":[{"clause":"salvage","setting":"to_the_owners","weight":3}',
    );
    expect(prompt.match(/"fallback"/g)).toHaveLength(1);
    expect(prompt).not.toContain("Your last reply was refused");
    expect(modelPrompt(facts(1, 1, 'Say "no".')).prompt).toContain(
      'Your last reply was refused: "Say \\"no\\"."',
    );
  });
});

describe("reading a reply", () => {
  it("takes the act and the whispers, forgiving a ```json fence", () => {
    expect(
      readModelReply('```json\n{"act":"pass","said":{"text":"hm"},"whispers":[{"to":2,"text":"psst"}]}\n```'),
    ).toEqual({
      ok: true,
      value: { proposed: { type: "pass", said: { text: "hm" } }, whispers: [{ to: 2, text: "psst" }] },
    });
    expect(readModelReply('{"act":"accept","cite":{"clause":"hold","setting":"sealed"}}')).toMatchObject({
      value: { proposed: { type: "accept", cite: { clause: "hold", setting: "sealed" } } },
    });
  });

  it("refuses each bad reply with one sentence", () => {
    const why = (text: string) => {
      const r = readModelReply(text);
      return r.ok ? "read" : r.message;
    };
    expect(why("I pass.")).toMatch(/not JSON/);
    expect(why("[1]")).toMatch(/one JSON object/);
    expect(why('{"act":"pass","seat":3}')).toMatch(
      /a field the rules do not know: seat\..*your own seat only/,
    );
    expect(why('{"act":"pass","charges":1,"seed":2}')).toMatch(/fields the rules do not know: charges, seed/);
    expect(why('{"act":"fold"}')).toMatch(/"offer", "accept" or "pass"/);
    expect(why('{"act":"pass","whispers":{}}')).toMatch(/must be a list/);
    const many = Array.from({ length: MODEL_WHISPERS_PER_REPLY + 1 }, () => ({ to: 0, text: "x" }));
    expect(why(JSON.stringify({ act: "pass", whispers: many }))).toMatch(/at most 3 whispers/);
  });
});

describe("the scripted player", () => {
  it("takes an act the rules accept, and answers each seat that whispered to it", () => {
    for (let acts = 0; acts < 6; acts++) {
      const seat = acts % 5;
      const f = facts(acts, seat);
      const read = readModelReply(JSON.stringify(scriptedPlayerReply(f)));
      if (!read.ok) throw new Error(read.message);
      expect(check(exampleTable(acts), seat, read.value.proposed, f.now), `act ${acts}`).toMatchObject({
        ok: true,
      });
    }
    const game = exampleTable(1);
    game.whispers = [
      { from: 0, to: 1, at: exampleAt(0) + 1, text: "hi" },
      { from: 3, to: 1, at: exampleAt(0) + 2, text: "and me" },
      { from: 1, to: 3, at: exampleAt(0) + 3, text: "answered" },
    ];
    const reply = scriptedPlayerReply({ ...facts(1, 1), view: view(game, { seat: 1 }, exampleAt(1) - 1) });
    expect(reply.whispers).toEqual([
      {
        to: 0,
        text: "Noted. Here is what I am after.",
        claims: WORKED_EXAMPLE.game.charges[1]!.aims.map((a) => ({ clause: a.clause, setting: a.setting })),
      },
    ]);
  });
});
