// Random legal games for the rules' property tests: a table drawn by fast-check and played act by act, each act one
// that `may` allows, with whispers and the clock passing between them.
import fc from "fast-check";
import { expect } from "vitest";
import { chooseBotAct, publicGame } from "../rules/game/bot";
import { check } from "../rules/game/check";
import { DEADLINE_MAX_MS, DEADLINE_MIN_MS } from "../rules/game/constants";
import { deal } from "../rules/game/deal";
import { derive } from "../rules/game/derive";
import { may } from "../rules/game/may";
import { settingsOf } from "../rules/game/pool";
import { validateTableSettings } from "../rules/game/settings";
import { MINUTE } from "../rules/game/test-kit";
import type { Accord, Game, ProposedAct, Said } from "../rules/game/types";
import { checkWhisper } from "../rules/game/whisper";
import { WHISPERS_PER_SEAT } from "../rules/game/constants";

export const hex = (bytes: Uint8Array): string => Buffer.from(bytes).toString("hex");

export const stepArb = fc.record({
  // Mostly prompt; sometimes long enough for the clock to pass for one seat or several.
  waitMinutes: fc.oneof(
    { weight: 10, arbitrary: fc.integer({ min: 0, max: 20 }) },
    { weight: 1, arbitrary: fc.integer({ min: 20, max: 600 }) },
  ),
  choice: fc.nat(),
  settings: fc.array(fc.nat(), { minLength: 7, maxLength: 7 }),
  text: fc.option(fc.string({ maxLength: 30 }), { nil: undefined }),
  claim: fc.option(fc.tuple(fc.nat(), fc.nat()), { nil: undefined }),
  cite: fc.option(fc.nat(), { nil: undefined }),
  wrongSeat: fc.nat(),
  // A whisper before the act, sometimes (§12): from, to (an offset), and whether it claims something.
  whisper: fc.option(fc.tuple(fc.nat(), fc.nat(), fc.nat()), { nil: undefined }),
});

export const tableArb = fc.record({
  seed: fc.uint8Array({ minLength: 32, maxLength: 32 }).map(hex),
  seats: fc.integer({ min: 4, max: 6 }),
  windowMinutes: fc.constantFrom(15, 60, 180),
  deadlineWindows: fc.integer({ min: 2, max: 10 }),
  steps: fc.array(stepArb, { maxLength: 50, size: "large" }),
});

export type TableDraw = typeof tableArb extends fc.Arbitrary<infer T> ? T : never;
export type Played = { game: Game; now: number; seed: string; names: string[] };

/** Plays a random legal game: at each step the seat to act takes one act that may() allows. */
export function play(table: TableDraw): Played {
  const { charter, charges } = deal(table.seed, table.seats);
  const turnWindowMs = table.windowMinutes * MINUTE;
  const deadlineMs = Math.min(
    DEADLINE_MAX_MS,
    Math.max(DEADLINE_MIN_MS, table.deadlineWindows * turnWindowMs),
  );
  const settings = validateTableSettings({ title: "prop", seats: table.seats, turnWindowMs, deadlineMs });
  expect(settings.ok).toBe(true);
  const game: Game = {
    seats: table.seats,
    charter,
    charges,
    startedAt: Date.parse("2027-01-01T00:00:00Z"),
    turnWindowMs,
    deadlineMs,
    acts: [],
  };
  let now = game.startedAt;
  for (const step of table.steps) {
    now += step.waitMinutes * MINUTE;
    const state = derive(game, now);
    if (state.status !== "playing" || state.turn === null) break;
    const seat = state.turn;

    // Anyone else is refused, and the ledger is untouched.
    const other = (seat + 1 + (step.wrongSeat % (game.seats - 1))) % game.seats;
    const length = game.acts.length;
    expect(check(game, other, { type: "pass" }, now)).toMatchObject({ ok: false, code: "conflict" });
    expect(game.acts).toHaveLength(length);

    // The house bot's act is always legal, whoever's charge it plays.
    const charge = charges[seat];
    if (!charge) throw new Error("no charge");
    const botAct = chooseBotAct({ seat, charge, game: publicGame(game), now });
    expect(check(game, seat, botAct, now)).toMatchObject({ ok: true });

    const allowed = may(game, seat, now);
    const said: Said | undefined =
      step.text !== undefined || step.claim !== undefined
        ? {
            ...(step.text !== undefined ? { text: step.text } : {}),
            ...(step.claim
              ? (() => {
                  const clause = charter[step.claim[0] % charter.length] ?? "";
                  const settings = settingsOf(clause) ?? [];
                  return { claims: [{ clause, setting: settings[step.claim[1] % settings.length] ?? "" }] };
                })()
              : {}),
          }
        : undefined;
    const accord: Accord = Object.fromEntries(
      charter.map((clause, i) => {
        const settings = settingsOf(clause) ?? [];
        return [clause, settings[(step.settings[i] ?? 0) % settings.length] ?? ""];
      }),
    );
    // The bot's act weighs three times, so that a good share of games bind.
    const options: ProposedAct[] = [
      { type: "pass", ...(said ? { said } : {}) },
      { type: "offer", accord, ...(said ? { said } : {}) },
      botAct,
      botAct,
      botAct,
    ];
    if (allowed.accept === true) {
      const cite = step.cite === undefined ? undefined : allowed.cite[step.cite % allowed.cite.length];
      options.push({ type: "accept", ...(cite ? { cite } : {}), ...(said ? { said } : {}) });
    } else {
      expect(check(game, seat, { type: "accept" }, now)).toMatchObject({
        ok: false,
        message: allowed.accept,
      });
    }
    const proposed = options[step.choice % options.length] ?? { type: "pass" };
    const result = check(game, seat, proposed, now);
    if (!result.ok) throw new Error(`a legal act was refused: ${result.message}`);
    game.acts.push(...state.dueClockActs, result.value);
    // Then a whisper from any seat, on its turn or not, at the act's moment; its text is marked, so the redaction
    // below can look for it. After a binding act it is refused: the table ended at that moment.
    if (step.whisper) {
      const [a, b, c] = step.whisper;
      const from = a % game.seats;
      const to = (from + 1 + (b % (game.seats - 1))) % game.seats;
      const clause = charter[c % charter.length]!;
      const settings = settingsOf(clause) ?? [];
      const raw = {
        to,
        text: `whisper-secret-${(game.whispers ?? []).length}`,
        ...(c % 2 ? { claims: [{ clause, setting: settings[c % settings.length]! }] } : {}),
      };
      const w = checkWhisper(game, from, raw, now);
      const mine = (game.whispers ?? []).filter((x) => x.from === from).length;
      if (mine >= WHISPERS_PER_SEAT || derive(game, now).status !== "playing")
        expect(w).toMatchObject({ ok: false, code: "conflict" });
      else if (!w.ok) throw new Error(`a legal whisper was refused: ${w.message}`);
      else (game.whispers ??= []).push(w.value);
      // An accord cannot bind at a whisper's own moment (check refuses it): the next act comes a millisecond later.
      now += 1;
    }
  }
  return { game, now, seed: table.seed, names: Array.from({ length: game.seats }, (_, i) => `player ${i}`) };
}

export const playedArb = tableArb.map(play);
export const RUNS = { numRuns: 120 };
