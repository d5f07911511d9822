// A `cmd:` strategy that plays exactly as a house bot does, from the arena's JSON lines alone (game.md §16): for the
// test that a line's view carries all a seat may know, and for timing a program's decisions against the bot's own.
// Run: node --import tsx server/testing/arena-mimic.ts cooperative|hard (a bluffer's draws need the unrevealed seed).
import { createInterface } from "node:readline";
import { chooseBotAct, publicGame, type Act, type BotStrategy } from "../rules/game";

const strategy = (process.argv[2] ?? "cooperative") as BotStrategy;

type WireAct = {
  type: Act["type"];
  accord?: Record<string, string>;
  cite?: Act;
  said?: unknown;
  by?: "clock";
  at: number;
};

createInterface({ input: process.stdin }).on("line", (line) => {
  const { id, seat, view } = JSON.parse(line);
  const g = view.game;
  const acts = (g.acts as WireAct[]).map(
    ({ type, accord, cite, said, by, at }) =>
      ({
        type,
        ...(accord ? { accord } : {}),
        ...(cite ? { cite } : {}),
        ...(said ? { said } : {}),
        ...(by ? { by } : {}),
        at,
      }) as Act,
  );
  const game = publicGame({
    seats: g.seats,
    charter: g.charter,
    startedAt: g.started_at,
    turnWindowMs: g.turn_window_ms,
    deadlineMs: g.deadline_ms,
    acts,
  });
  const { type, ...rest } = chooseBotAct({
    seat,
    charge: g.charge,
    game,
    now: Date.parse(view.now),
    strategy,
  });
  process.stdout.write(`${JSON.stringify({ id, act: type, ...rest })}\n`);
});
