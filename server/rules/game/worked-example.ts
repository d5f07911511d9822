// The worked example of §10: the one fixture shared by the engine's tests, the /rules page and /style.

import { frozen } from "../frozen";
import { DEADLINE_DEFAULT_MS, TURN_WINDOW_DEFAULT_MS } from "./constants";
import type { Accord, Game, ProposedAct } from "./types";

const startedAt = Date.parse("2026-11-29T09:00:00.000Z");
const STEP_MS = 5 * 60_000; // the example's acts come five minutes apart
const at = (turn: number): number => startedAt + (turn + 1) * STEP_MS;

const accordA: Accord = {
  beacon: "kept",
  hold: "sealed",
  ledger: "redacted",
  pilot: "reinstated",
  name: "kept",
  chart: "locked",
  salvage: "to_the_finders",
};

const dacesSaid = {
  text: "I need the ledger published",
  claims: [{ clause: "ledger", setting: "published" }],
};

/** What each seat asked for, turn by turn, as the table of §10 tells it (accepts mostly leave the cite to the default). */
const proposals: { seat: number; proposed: ProposedAct; at: number }[] = [
  { seat: 0, proposed: { type: "offer", accord: accordA }, at: at(0) },
  { seat: 1, proposed: { type: "accept" }, at: at(1) },
  { seat: 2, proposed: { type: "accept" }, at: at(2) },
  { seat: 3, proposed: { type: "pass", said: dacesSaid }, at: at(3) },
  { seat: 4, proposed: { type: "accept", cite: { clause: "pilot", setting: "reinstated" } }, at: at(4) },
  { seat: 0, proposed: { type: "accept" }, at: at(5) },
];

/** The ledger those proposals make, as check() returns them: every accept with its resolved cite. */
const game: Game = {
  seats: 5,
  charter: ["beacon", "hold", "ledger", "pilot", "name", "chart", "salvage"],
  charges: [
    {
      aims: [
        { clause: "salvage", setting: "to_the_finders", weight: 3 },
        { clause: "hold", setting: "sealed", weight: 2 },
        { clause: "name", setting: "kept", weight: 1 },
      ],
      fallback: 1,
    },
    {
      aims: [
        { clause: "salvage", setting: "to_the_owners", weight: 3 },
        { clause: "ledger", setting: "redacted", weight: 2 },
        { clause: "pilot", setting: "reinstated", weight: 1 },
      ],
      fallback: 2,
    },
    {
      aims: [
        { clause: "pilot", setting: "dismissed", weight: 3 },
        { clause: "chart", setting: "locked", weight: 2 },
        { clause: "beacon", setting: "kept", weight: 1 },
      ],
      fallback: 1,
    },
    {
      aims: [
        { clause: "ledger", setting: "published", weight: 3 },
        { clause: "salvage", setting: "to_the_finders", weight: 2 },
        { clause: "hold", setting: "sealed", weight: 1 },
      ],
      fallback: 0,
    },
    {
      aims: [
        { clause: "beacon", setting: "kept", weight: 3 },
        { clause: "pilot", setting: "reinstated", weight: 2 },
        { clause: "chart", setting: "shared", weight: 1 },
      ],
      fallback: 2,
    },
  ],
  startedAt,
  turnWindowMs: TURN_WINDOW_DEFAULT_MS,
  deadlineMs: DEADLINE_DEFAULT_MS,
  acts: [
    { type: "offer", accord: accordA, at: at(0) },
    { type: "accept", cite: { clause: "ledger", setting: "redacted" }, at: at(1) },
    { type: "accept", cite: { clause: "beacon", setting: "kept" }, at: at(2) },
    { type: "pass", said: dacesSaid, at: at(3) },
    { type: "accept", cite: { clause: "pilot", setting: "reinstated" }, at: at(4) },
    { type: "accept", cite: { clause: "hold", setting: "sealed" }, at: at(5) },
  ],
};

export const WORKED_EXAMPLE: {
  names: string[];
  game: Game;
  accordA: Accord;
  proposals: { seat: number; proposed: ProposedAct; at: number }[];
} = frozen({
  names: ["Aster", "Brine", "Corin", "Dace", "Ember"],
  game,
  accordA,
  proposals,
});
