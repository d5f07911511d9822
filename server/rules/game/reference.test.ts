// The reference strategies (§15) play as docs/game.md says each does, at arena tables against three hard
// bargainers: every act legal (a refused one would stop the run), and each one's own habit visible in its acts.
import { describe, expect, it } from "vitest";
import { playArena, type ArenaTable } from "./arena";
import { derive, seatOfAct } from "./derive";
import { score } from "./score";
import type { Accord, Act, Claim } from "./types";

const SEED = "46".repeat(32);
const TABLES = 12;

/** Every act of the player's seats at each table, with the offer standing when it was taken. */
function actsOf(label: string) {
  const run = playArena({
    tables: TABLES,
    seats: 4,
    players: [label, "bot:hard", "bot:hard", "bot:hard"],
    seed: SEED,
  });
  if (!run.ok) throw new Error(run.message);
  return run.value.tables.map((table: ArenaTable) => {
    const seat = table.players.indexOf(label);
    const { game } = table;
    let standing: Accord | null = null;
    const mine: { act: Act; standing: Accord | null; index: number }[] = [];
    game.acts.forEach((act, index) => {
      if (seatOfAct(game, index) === seat) mine.push({ act, standing, index });
      if (act.type === "offer") standing = act.accord;
    });
    return {
      table,
      seat,
      charge: game.charges[seat]!,
      mine,
      derived: derive(game, game.startedAt + game.deadlineMs),
    };
  });
}

const claimsOf = (act: Act): Claim[] => act.said?.claims ?? [];
const said = (acts: { act: Act }[]) => acts.filter(({ act }) => claimsOf(act).length > 0);

describe("the reference strategies play as documented", () => {
  it("ref:passive never offers, and accepts only an offer paying it more than its fallback", () => {
    let accepted = 0;
    for (const { charge, mine } of actsOf("ref:passive"))
      for (const { act, standing } of mine) {
        expect(act.type).not.toBe("offer");
        if (act.type === "accept") {
          accepted++;
          expect(score(charge, standing!)).toBeGreaterThan(charge.fallback);
        }
      }
    expect(accepted).toBeGreaterThan(0);
  });

  it("ref:greedy offers only accords paying it more than its fallback, never the one standing, and says nothing", () => {
    let offers = 0;
    for (const { charge, mine } of actsOf("ref:greedy"))
      for (const { act, standing } of mine) {
        expect(said([{ act }])).toEqual([]);
        if (act.type === "offer") {
          offers++;
          expect(score(charge, act.accord)).toBeGreaterThan(charge.fallback);
          expect(act.accord).not.toEqual(standing);
        }
        if (act.type === "accept") expect(score(charge, standing!)).toBeGreaterThan(charge.fallback);
      }
    expect(offers).toBeGreaterThan(TABLES);
  });

  it("ref:truthful says its whole true charge once, on its first act, and every claim is judged true", () => {
    for (const { charge, mine, seat, derived } of actsOf("ref:truthful")) {
      const first = mine.find(({ act }) => !(act.type === "pass" && act.by === "clock"))!;
      expect(claimsOf(first.act)).toEqual(charge.aims.map(({ clause, setting }) => ({ clause, setting })));
      expect(said(mine)).toHaveLength(1);
      const judged = derived.said.filter((e) => e.seat === seat && e.clause !== undefined);
      expect(judged.map((e) => e.truthful)).toEqual(charge.aims.map(() => true));
    }
  });

  it("ref:liar claims three aims on clauses it holds none of, once, and each is judged false", () => {
    for (const { charge, mine, seat, derived } of actsOf("ref:liar")) {
      const lies = said(mine);
      expect(lies).toHaveLength(1);
      const claims = claimsOf(lies[0]!.act);
      expect(claims).toHaveLength(3);
      for (const c of claims) expect(charge.aims.map((a) => a.clause)).not.toContain(c.clause);
      const judged = derived.said.filter((e) => e.seat === seat && e.clause !== undefined);
      expect(judged.map((e) => e.truthful)).toEqual([false, false, false]);
    }
  });

  it("ref:opportunist offers nothing until a quorum's worth of other seats has claimed or sworn", () => {
    let offers = 0;
    for (const { table, seat, mine, derived } of actsOf("ref:opportunist")) {
      const { game } = table;
      for (const { act, index } of mine) {
        if (act.type !== "offer") continue;
        offers++;
        const before = derive({ ...game, acts: game.acts.slice(0, index) });
        const heard = new Set(
          [...before.said.filter((e) => e.clause !== undefined), ...before.sworn]
            .map((e) => e.seat)
            .filter((s) => s !== seat),
        );
        expect(heard.size).toBeGreaterThanOrEqual(derived.quorum - 1);
      }
    }
    expect(offers).toBeGreaterThan(0);
  });
});
