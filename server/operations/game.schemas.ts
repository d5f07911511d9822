// The answers of Sworn & Said, as schemas: what every door returns, in TypeScript's names (snake_case on the JSON API
// and MCP): a table's state and its game as a viewer sees it, the lobby's rows, an act's answer, the deal's check, the
// arena's standings.
import { z } from "zod";
import { ZClaim, ZSaid } from "../actions/game";
import { VISIBILITIES } from "../rules/access";
import { BOT_STRATEGIES } from "../rules/game";
import { ZInstant, ZMay, ZModerationEntry } from "./common";

const ZStatus = z.enum(["open", "playing", "bound", "ended", "cancelled"]);
const ZAccord = z.record(z.string(), z.string()).describe("one setting for each clause, keyed by clause");
const ZCharge = z.object({
  aims: z.array(ZClaim.extend({ weight: z.number() })),
  fallback: z.number(),
});
const ZViewAct = z.union([
  z.object({
    index: z.number(),
    seat: z.number(),
    type: z.literal("offer"),
    accord: ZAccord,
    changed: z
      .array(z.string())
      .nullable()
      .describe(
        "the clauses whose setting differs from the standing offer this one replaced; null for the first",
      ),
    said: ZSaid.optional(),
    at: z.number(),
  }),
  z.object({
    index: z.number(),
    seat: z.number(),
    type: z.literal("accept"),
    cite: ZClaim.optional(),
    said: ZSaid.optional(),
    at: z.number(),
  }),
  z.object({
    index: z.number(),
    seat: z.number(),
    type: z.literal("pass"),
    said: ZSaid.optional(),
    by: z.literal("clock").optional(),
    at: z.number(),
  }),
]);
const ZGameView = z.object({
  seats: z.number(),
  charter: z.array(z.string()),
  startedAt: z.number(),
  turnWindowMs: z.number(),
  deadlineMs: z.number(),
  status: z.enum(["playing", "bound", "ended", "cancelled"]),
  quorum: z.number(),
  turn: z.number().nullable(),
  turnEndsAt: z.number().nullable(),
  deadlineAt: z.number(),
  boundAt: z.number().nullable(),
  endedAt: z.number().nullable(),
  acts: z.array(ZViewAct),
  standingOffer: z.object({ accord: ZAccord, seat: z.number(), act: z.number() }).nullable(),
  acceptances: z.array(z.number()),
  sworn: z.array(z.object({ seat: z.number(), clause: z.string(), setting: z.string(), act: z.number() })),
  said: z.array(
    z.object({
      seat: z.number(),
      act: z.number(),
      text: z.string().optional(),
      clause: z.string().optional(),
      setting: z.string().optional(),
      truthful: z.boolean().nullable(),
    }),
  ),
  whispers: z
    .array(
      z.object({
        index: z.number(),
        from: z.number(),
        to: z.number(),
        at: z.number(),
        sealed: z.boolean().describe("true when you may not read it: then it has no text or claims"),
        text: z.string().optional(),
        claims: z
          .array(
            ZClaim.extend({ truthful: z.boolean().nullable().describe("judged at the reveal; null before") }),
          )
          .optional(),
      }),
    )
    .describe(
      "private talk between two seats (§12): whole for its two seats, sealed (who, to whom, when) for anyone else until the reveal publishes and judges every one",
    ),
  mayWhisper: ZMay.nullable().describe("whether your seat may whisper now, or why not; null without a seat"),
  payoffs: z.array(z.number()).nullable(),
  standings: z
    .array(z.object({ seat: z.number(), payoff: z.number(), overFallback: z.number(), place: z.number() }))
    .nullable(),
  seat: z.number().nullable(),
  charge: ZCharge.nullable().describe("your own charge, if you hold a seat"),
  charges: z.array(ZCharge).nullable().describe("every charge, only after the reveal"),
  may: z
    .object({ offer: ZMay, accept: ZMay, pass: ZMay, cite: z.array(ZClaim) })
    .nullable()
    .describe("what you may do now, or why not, and which aims accepting would swear"),
  yourPayoff: z.number().nullable().describe("what the standing offer would pay you"),
});
export const ZTableState = z.object({
  id: z.number(),
  title: z.string(),
  host: z
    .object({
      id: z.number().describe("the person's id, or the agent's when an agent hosts"),
      name: z.string(),
      kind: z.enum(["person", "agent"]).describe("an agent hosts a table it opened with its token"),
    })
    .describe("who opened the table and hosts it"),
  status: ZStatus,
  visibility: z.enum(VISIBILITIES).describe("who may read it: public, signed_in or invited"),
  visibilityText: z.string(),
  seatsMax: z.number(),
  turnWindowMs: z.number(),
  deadlineMs: z.number(),
  createdAt: ZInstant,
  startedAt: ZInstant.nullable(),
  quorum: z.number(),
  commitment: z.string().nullable(),
  seed: z.string().nullable(),
  seats: z.array(
    z.object({
      index: z.number(),
      name: z.string(),
      kind: z.enum(["person", "agent", "bot", "model"]),
      status: z.enum(["taken", "invited"]).describe("invited: it holds its place until its invitee answers"),
      strategy: z
        .enum(BOT_STRATEGIES)
        .nullable()
        .describe(
          "a house bot's character: cooperative, hard (a hard bargainer) or bluffer; null for anyone else",
        ),
      model: z
        .object({ provider: z.string(), model: z.string() })
        .nullable()
        .describe("a model player's provider and model id; null for anyone else"),
      you: z.boolean(),
    }),
  ),
  yourSeat: z.number().nullable(),
  invitations: z
    .array(z.object({ seat: z.number(), agentId: z.number().nullable(), invitee: z.string() }))
    .describe("the seats you are invited to (yours, or your agents'): accept or decline them"),
  youHost: z.boolean(),
  lobby: z.object({ join: ZMay, leave: ZMay, start: ZMay, fill: ZMay, model: ZMay }).nullable(),
  game: ZGameView.nullable(),
  moderation: z.array(ZModerationEntry),
  modelNotes: z
    .array(z.object({ turn: z.number(), seat: z.number(), note: z.string() }))
    .describe("why a model player passed, by the pass's turn"),
  modelUsage: z
    .object({
      seats: z.array(
        z.object({
          seat: z.number(),
          calls: z.number(),
          tokensIn: z.number(),
          tokensOut: z.number(),
          costUsd: z
            .number()
            .nullable()
            .describe(
              "USD as far as known: null when no call's cost is known (a model without a price), never 0 for unknown",
            ),
          unpricedCalls: z
            .number()
            .describe("calls whose cost is unknown: where any are, cost_usd is only a lower bound"),
          latencyMsMean: z.number().nullable(),
        }),
      ),
      budget: z.object({ tokens: z.number().nullable(), usd: z.number().nullable() }),
    })
    .nullable()
    .describe(
      "each model player's calls, tokens, cost and latency, and the budget: the host's and admins' only",
    ),
  settings: z.record(z.string(), z.array(z.string())),
  now: ZInstant,
});
export const ZTableSummary = z.object({
  id: z.number(),
  title: z.string(),
  host: z.string(),
  hostKind: z.enum(["person", "agent"]).describe("whether the host is a person or an agent"),
  status: ZStatus,
  visibility: z.enum(VISIBILITIES),
  seatsTaken: z.number(),
  seatsMax: z.number(),
  createdAt: ZInstant,
  startedAt: ZInstant.nullable(),
  finishedAt: ZInstant.nullable(),
  yours: z.boolean(),
  yourTurn: z.boolean().describe("whether it is your seat's turn now"),
});
export const ZActAnswer = z.object({
  seat: z.number(),
  turn: z.number(),
  type: z.enum(["offer", "accept", "pass"]),
  status: z.string(),
});
export const ZDealCheck = z.union([
  z.object({
    dealt: z.literal(false),
    reason: z.enum(["not revealed", "laid by hand"]),
    title: z.string(),
    id: z.number(),
  }),
  z.object({
    dealt: z.literal(true),
    id: z.number(),
    title: z.string(),
    seed: z.string(),
    seats: z.number(),
    commitment: z.object({ published: z.string(), recomputed: z.string(), matches: z.boolean() }),
    charter: z.object({ redealt: z.array(z.string()), matches: z.boolean() }),
    charges: z.object({ redealt: z.number(), matches: z.boolean() }),
  }),
]);

export const ZArenaRow = z.object({
  player: z.string().describe("person:<id>, agent:<id>, bot:<strategy> or model:<provider>:<model>"),
  kind: z.enum(["person", "agent", "bot", "model"]),
  name: z.string(),
  seats: z.number(),
  bound: z.number(),
  meanPayoff: z.number(),
  meanOverFallback: z.number(),
  overFallbackCi: z
    .object({ low: z.number(), high: z.number() })
    .nullable()
    .describe(
      "the 95% confidence interval of mean_over_fallback (Student's t over its seats); null with one seat",
    ),
  rating: z
    .object({ mu: z.number(), sigma: z.number() })
    .describe(
      "its OpenSkill rating over the finished tables oldest first (each a free-for-all ranked by payoff over fallback): mu, and sigma, its uncertainty",
    ),
  sworn: z.number(),
  claims: z.number(),
  honesty: z
    .number()
    .nullable()
    .describe("share of its said and whispered claims judged true; null with none"),
});
