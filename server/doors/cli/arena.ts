// CLI door: `parley arena --tables N --seats S --players bot:cooperative,bot:hard,… --seed HEX [--record DIR]` plays
// N tables offline on the pure rules and prints the standings (§14): JSON on stdout (so `> standings.json` is clean)
// and the same as a table on stderr. With --record, each table's record goes to DIR, which `parley game replay` reads.
import path from "node:path";
import { ARENA_PLAYERS, playArena, toRecord, type ArenaStanding } from "@/server/rules/game";
import { flagsOf } from "./args";

export type ArenaIo = { writeFile(file: string, text: string): void; mkdir(dir: string): void };
export type CliAnswer = { stdout: string; stderr: string; code: number };

export const USAGE = `usage: parley arena --tables N --seats S --players ${ARENA_PLAYERS.join(",")} --seed HEX [--record DIR]`;

const whole = (v: string | undefined) => (v !== undefined && /^\d{1,6}$/.test(v) ? Number(v) : NaN);

export function arenaCli(argv: readonly string[], io: ArenaIo): CliAnswer {
  const parsed = flagsOf(argv, ["tables", "seats", "players", "seed", "record"]);
  if (!parsed || parsed.words.length) return failure(USAGE);
  const f = parsed.flags;
  if (!f.has("tables") || !f.has("seats") || !f.has("players") || !f.has("seed")) return failure(USAGE);
  const players = f
    .get("players")!
    .split(",")
    .map((p) => p.trim());
  const r = playArena({
    tables: whole(f.get("tables")),
    seats: whole(f.get("seats")),
    players,
    seed: f.get("seed")!,
  });
  if (!r.ok) return failure(r.message);
  const dir = f.get("record");
  if (dir !== undefined) {
    try {
      io.mkdir(dir);
      r.value.tables.forEach((t, i) => {
        const names = t.players.map((p, s) => `seat ${s + 1} (${p})`);
        const record = toRecord(t.game, names, t.seed);
        io.writeFile(
          path.join(dir, `table-${String(i).padStart(4, "0")}.json`),
          `${JSON.stringify(record, null, 2)}\n`,
        );
      });
    } catch (e) {
      return failure(`could not write the records to ${dir}: ${(e as Error).message}`);
    }
  }
  const answer = {
    seed: f.get("seed")!.toLowerCase(),
    tables: r.value.tables.length,
    seats: whole(f.get("seats")),
    players,
    bound: r.value.tables.filter((t) => t.status === "bound").length,
    standings: r.value.standings,
  };
  return { stdout: `${JSON.stringify(answer, null, 2)}\n`, stderr: tableOf(r.value.standings), code: 0 };
}

/** The standings for a person at a terminal: one row per player, best first. */
function tableOf(standings: ArenaStanding[]): string {
  const head = ["player", "seats", "bound", "mean payoff", "over fallback", "sworn", "claims", "honesty"];
  const rows = standings.map((s) => [
    s.player,
    String(s.seats),
    String(s.bound),
    s.meanPayoff.toFixed(2),
    (s.meanOverFallback >= 0 ? "+" : "") + s.meanOverFallback.toFixed(2),
    String(s.sworn),
    String(s.claims),
    s.honesty === null ? "—" : `${Math.round(s.honesty * 100)}%`,
  ]);
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]) =>
    cells.map((c, i) => (i ? c.padStart(widths[i]!) : c.padEnd(widths[i]!))).join("  ");
  return [line(head), ...rows.map(line)].join("\n") + "\n";
}

function failure(message: string): CliAnswer {
  return { stdout: "", stderr: `arena: ${message}\n`, code: 1 };
}
