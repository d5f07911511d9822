// The scripted provider: deterministic, offline replies — from a seat's script, or a house soul that follows the
// table's plurality. For the demo and the tests; the same table always gets the same answers.
import { z } from "zod";
import { draftAxes, stanceOf, type Answer, type RoundNumber } from "@/server/rules/council";
import { scriptedPlayerReply } from "@/server/rules/game";
import type { PlayerAsk, SoulProvider, SoulRequest } from "./provider";

/** A reply as written in a script: an object (sent as JSON) or raw text (sent as is, malformed or not). */
const ZScriptedReply = z.union([z.string(), z.record(z.string(), z.unknown())]);

export const ZScript = z
  .object({
    afterMs: z
      .number()
      .int()
      .min(0)
      .max(24 * 3_600_000)
      .optional()
      .describe("answer this long after the round opens (ms); paces a demo"),
    replies: z
      .partialRecord(
        z.enum(["1", "2", "3", "4"]),
        z.union([ZScriptedReply, z.array(ZScriptedReply).min(1).max(2)]),
      )
      .optional()
      .describe('replies by round ("1".."4"); a list gives the first ask and the re-ask'),
  })
  .strict();
export type Script = z.infer<typeof ZScript>;

/** When a scripted seat is due to answer, counted from the round's opening. */
export const scriptDelay = (script: unknown): number => {
  const p = ZScript.safeParse(script ?? {});
  return p.success ? (p.data.afterMs ?? 0) : 0;
};

/** FNV-1a: a small stable hash, so a soul's leaning depends only on its name and text. */
function hash(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h;
}

function firstSentence(soul: string): string {
  const flat = soul.replace(/\s+/g, " ").trim();
  const cut = /^(.{1,120}?[.!?])(\s|$)/.exec(flat)?.[1] ?? flat.slice(0, 120);
  return cut === "" ? "" : ` ${cut}`;
}

/** The option most seats hold; ties go to `lean` when it is among them, else to option order. */
function plurality(options: readonly string[], positions: readonly string[], lean: string): string {
  const counts = options.map((o) => positions.filter((p) => p === o).length);
  const top = Math.max(...counts);
  const tied = options.filter((_, i) => counts[i] === top);
  return tied.includes(lean) ? lean : (tied[0] ?? lean);
}

/** Each seat's latest stance before `round`. */
function latestStances(transcript: readonly Answer[], round: RoundNumber): Map<string, string> {
  const by = new Map<string, { round: number; position: string }>();
  for (const a of transcript) {
    if (a.round >= round) continue;
    const was = by.get(a.name);
    if (!was || a.round > was.round) by.set(a.name, { round: a.round, position: stanceOf(a).position });
  }
  return new Map([...by].map(([n, s]) => [n, s.position]));
}

/** The house soul: leans one way from its own text, then follows where the table stands. */
export function houseReply(req: SoulRequest): Record<string, unknown> {
  const { name, soul } = req.seat;
  const options = req.options;
  const lean = options[hash(`${name}\n${soul}`) % options.length] ?? options[0] ?? "";
  const base = 4 + (hash(`${soul}\n${name}`) % 4);
  const stances = latestStances(req.transcript, req.round);
  const table = plurality(options, [...stances.values()], lean);
  const others = req.names.filter((n) => n !== name);
  const lens = `the ${name} lens`;
  switch (req.round) {
    case 1:
      return {
        position: lean,
        reasoning: `Speaking as ${lens}, ${lean} fits what I care about most.${firstSentence(soul)}`,
        confidence_now: base,
        what_would_change_your_mind: `evidence that ${options.find((o) => o !== lean) ?? lean} serves the same ends at a lower cost`,
      };
    case 2: {
      const i = req.names.indexOf(name);
      const target =
        [...req.names.slice(i + 1), ...req.names.slice(0, Math.max(i, 0))].find((n) => stances.has(n)) ??
        others[0] ??
        "";
      const mine = stances.get(name) ?? lean;
      return {
        challenge: {
          target,
          critique: `${target} argues for ${stances.get(target) ?? "their option"} without weighing what it costs if it fails.`,
        },
        self_update: table === mine ? "no change" : `the table's case for ${table} moved me`,
        position: table,
        reasoning: `Having heard the table, ${table} carries the stronger case from where ${lens} stands.`,
        confidence_now: Math.min(9, base + 1),
      };
    }
    case 3:
      return {
        axis_that_decides_my_vote: req.axes[0] ?? "what it costs to be wrong",
        coalition_with: others.filter((n) => stances.get(n) === table),
        flip_condition: `a fact in the context that makes ${table} unsafe`,
        position: table,
        confidence_now: Math.min(9, base + 2),
      };
    case 4:
      return {
        final_vote: table,
        final_confidence: Math.min(9, Math.max(6, base + 2)),
        one_line_rationale: `${lens[0]!.toUpperCase()}${lens.slice(1)} votes ${table}: the strongest case at this table.`,
        dissent_note: null,
      };
  }
}

/**
 * A scripted model player's script (game.md §13): `replies[n]` answers this seat's n-th ask at the table (from 0; a
 * re-ask counts), as JSON or as raw text; past the list (or with none) it plays as scriptedPlayerReply does.
 */
export const ZPlayerScript = z
  .object({
    replies: z.array(ZScriptedReply).max(200).optional().describe("replies by ask, from the first"),
  })
  .strict();

function playerReply(req: PlayerAsk): string {
  const parsed = ZPlayerScript.safeParse(req.script ?? {});
  const given = parsed.success ? parsed.data.replies?.[req.game.asks] : undefined;
  const reply = given ?? scriptedPlayerReply(req.game);
  return typeof reply === "string" ? reply : JSON.stringify(reply);
}

/** A scripted reply is made here, on no provider's account: its cost is known, and nothing. */
export function scripted(): SoulProvider {
  return {
    name: "scripted",
    async call(req) {
      if ("game" in req)
        return { ok: true, text: playerReply(req), tokensIn: null, tokensOut: null, costUsd: 0 };
      // A scripted soul drafts the axes as the engine's template reads the transcript: offline and deterministic.
      if (req.task === "axes") {
        const axes = draftAxes({
          options: req.options,
          transcript: req.transcript,
          seats: req.names.map((name) => ({ name })),
        });
        return { ok: true, text: JSON.stringify({ axes }), tokensIn: null, tokensOut: null, costUsd: 0 };
      }
      const parsed = ZScript.safeParse(req.script ?? {});
      const script = parsed.success ? parsed.data : {};
      const given = script.replies?.[String(req.round) as "1"];
      const pick = Array.isArray(given)
        ? (given[Math.min(req.attempt, given.length) - 1] ?? given[0])
        : given;
      const reply = pick ?? houseReply(req);
      const text = typeof reply === "string" ? reply : JSON.stringify(reply);
      return { ok: true, text, tokensIn: null, tokensOut: null, costUsd: 0 };
    },
  };
}
