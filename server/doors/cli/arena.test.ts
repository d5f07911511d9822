// `parley arena` (§14): N tables played offline between house strategies from one seed — the same standings twice
// for the same seed, other standings for another, records that `parley game replay` accepts with the same payoffs,
// and one line on stderr (exit 1) for every bad argument.
import { describe, expect, it } from "vitest";
import { arenaCli, USAGE, type ArenaIo } from "@/server/doors/cli/arena";
import { gameCli } from "@/server/doors/cli/game";

const SEED = "a1".repeat(32);
const PLAYERS = "bot:cooperative,bot:hard,bot:bluffer";
const args = (over: Record<string, string> = {}) =>
  Object.entries({ tables: "30", seats: "5", players: PLAYERS, seed: SEED, ...over }).flatMap(([k, v]) => [
    `--${k}`,
    v,
  ]);

/** A file system in memory. */
function memory(): ArenaIo & { files: Map<string, string>; dirs: string[] } {
  const files = new Map<string, string>();
  const dirs: string[] = [];
  return { files, dirs, writeFile: (f, t) => void files.set(f, t), mkdir: (d) => void dirs.push(d) };
}

describe("parley arena", () => {
  it("gives the same standings twice for the same seed, and others for another seed", async () => {
    const a = await arenaCli(args(), memory());
    const b = await arenaCli(args(), memory());
    expect(a.code).toBe(0);
    expect(b).toEqual(a);
    const answer = JSON.parse(a.stdout);
    expect(answer).toMatchObject({ seed: SEED, tables: 30, seats: 5, players: PLAYERS.split(",") });
    expect(answer.standings.map((s: { player: string }) => s.player).sort()).toEqual(
      PLAYERS.split(",").sort(),
    );
    // 30 tables × 5 seats over 3 players in turn: 50 seats each.
    for (const s of answer.standings) expect(s.seats).toBe(50);
    expect(answer.bound).toBeGreaterThanOrEqual(27);
    const honesty = Object.fromEntries(answer.standings.map((s: any) => [s.player, s.honesty]));
    expect(honesty["bot:cooperative"]).toBe(1);
    expect(honesty["bot:hard"]).toBe(1);
    expect(honesty["bot:bluffer"]).toBeLessThan(1);
    // The table on stderr has one row per player, best first, as the JSON is ordered.
    const rows = a.stderr.trim().split("\n");
    expect(rows[0]).toMatch(
      /^player\s+seats\s+bound\s+rating ± σ\s+mean payoff\s+over fallback\s+95% interval\s+sworn\s+claims\s+honesty\s+faults$/,
    );
    expect(rows.slice(1).map((r) => r.split(/\s+/)[0])).toEqual(answer.standings.map((s: any) => s.player));
    const other = await arenaCli(args({ seed: "b2".repeat(32) }), memory());
    expect(JSON.parse(other.stdout).standings).not.toEqual(answer.standings);
  });

  it("records every table so that `parley game replay` accepts it and derives the same payoffs", async () => {
    const fs = memory();
    const r = await arenaCli(args({ tables: "6", seats: "4", record: "out" }), fs);
    expect(r.code).toBe(0);
    expect(fs.dirs).toEqual(["out"]);
    expect([...fs.files.keys()]).toEqual([0, 1, 2, 3, 4, 5].map((i) => `out/table-000${i}.json`));
    let payoffOver = 0;
    for (const text of fs.files.values()) {
      const replayed = gameCli(["replay", "record.json"], { readFile: () => text });
      expect(replayed.code, replayed.stderr).toBe(0);
      const out = JSON.parse(replayed.stdout);
      expect(["bound", "ended"]).toContain(out.status);
      const record = JSON.parse(text);
      payoffOver += (out.payoffs as number[]).reduce(
        (sum, p, seat) => sum + p - record.charges[seat].fallback,
        0,
      );
    }
    const standings = JSON.parse(r.stdout).standings as { seats: number; meanOverFallback: number }[];
    const fromStandings = standings.reduce((sum, s) => sum + s.meanOverFallback * s.seats, 0);
    expect(fromStandings).toBeCloseTo(payoffOver, 1);
  });

  it("seats the scripted model player, which plays as the cooperative bot does, under its own label", async () => {
    const mixed = JSON.parse((await arenaCli(args({ players: "model:scripted,bot:hard" }), memory())).stdout);
    const again = JSON.parse((await arenaCli(args({ players: "model:scripted,bot:hard" }), memory())).stdout);
    expect(mixed).toEqual(again);
    const model = mixed.standings.find((s: { player: string }) => s.player === "model:scripted");
    expect(model).toMatchObject({ seats: 75, honesty: 1 });
    // The same tables with bot:cooperative in its place give it the same record.
    const asBot = JSON.parse(
      (await arenaCli(args({ players: "bot:cooperative,bot:hard" }), memory())).stdout,
    );
    const bot = asBot.standings.find((s: { player: string }) => s.player === "bot:cooperative");
    expect({ ...model, player: "x" }).toEqual({ ...bot, player: "x" });
  });

  it("refuses bad arguments with one line and exit 1, printing nothing on stdout", async () => {
    const cases: [string[], RegExp][] = [
      [[], /^arena: usage: parley arena/],
      [args({ tables: "0" }), /Play from 1 to 10000 tables/],
      [args({ tables: "ten" }), /Play from 1 to 10000 tables/],
      [args({ seats: "9" }), /A table has 4 to 6 seats/],
      [args({ seed: "xyz" }), /A seed is 64 hex digits/],
      [args({ players: "bot:cooperative,bot:sly" }), /"bot:sly" is not a player the arena knows/],
      [
        args({ players: "bot:hard,model:anthropic" }),
        /"model:anthropic": a model behind a provider plays only at a table on the server/,
      ],
      [[...args(), "extra"], /^arena: usage/],
    ];
    for (const [argv, message] of cases) {
      const r = await arenaCli(argv, memory());
      expect(r, argv.join(" ")).toMatchObject({ code: 1, stdout: "" });
      expect(r.stderr).toMatch(message);
      expect(r.stderr.trim().split("\n")).toHaveLength(1);
    }
    expect(USAGE).toContain("bot:cooperative,bot:hard,bot:bluffer");
  });
});
