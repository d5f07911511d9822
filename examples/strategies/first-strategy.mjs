#!/usr/bin/env node
// A first strategy for `parley arena` (docs/game.md, "Bring your own strategy"): copy it and make it yours.
// The arena writes one JSON line per decision on stdin — {"id", "table", "seat", "view"}, the view being what
// GET /api/tables/:id answers that seat — and reads one line back: {"id", "act", "accord"?, "cite"?, "said"?}.
// Run it: npx parley arena --tables 20 --seats 4 --seed <64 hex> \
//           --players 'cmd:first=node examples/strategies/first-strategy.mjs',bot:hard,bot:cooperative
// Plain Node, no dependencies. Whatever it prints to stderr shows in the arena's stderr.
import { createInterface } from "node:readline";

for await (const line of createInterface({ input: process.stdin })) {
  const { id, seat, view } = JSON.parse(line);
  const game = view.game;
  const mine = game.charge; // { aims: [{ clause, setting, weight }], fallback }
  const reply = { id, ...decide(game, seat, mine, view.settings) };
  // Say our aims, truly, the first time we act: a table that knows what you want can give it to you.
  if (!game.said.some((s) => s.seat === seat && s.clause))
    reply.said = {
      text: "What I am after.",
      claims: mine.aims.map(({ clause, setting }) => ({ clause, setting })),
    };
  process.stdout.write(`${JSON.stringify(reply)}\n`);
}

/** Accept what beats our fallback; otherwise offer our own aims (first setting elsewhere); else pass. */
function decide(game, seat, mine, settings) {
  const standing = game.standing_offer; // { accord, seat, act } or null
  // `may` says what the rules allow now: true, or one sentence why not.
  if (standing && game.may.accept === true && game.your_payoff > mine.fallback) return { act: "accept" };
  if (standing?.seat === seat || game.may.offer !== true) return { act: "pass" };
  const accord = {};
  for (const clause of game.charter) {
    const aim = mine.aims.find((a) => a.clause === clause);
    accord[clause] = aim ? aim.setting : settings[clause][0];
  }
  // Offering again what already stands would only clear its acceptances.
  if (standing && JSON.stringify(standing.accord) === JSON.stringify(accord)) return { act: "pass" };
  return { act: "offer", accord };
}
