// CLI door: `parley arena --tables N --seats S --players P,… --seed HEX [--duplicate] [--reply-ms MS] [--record DIR]`
// plays N tables offline on the pure rules and prints the standings (§14, §16): JSON on stdout (so `> standings.json`
// is clean) and the same as a table on stderr. A `cmd:NAME=COMMAND` player is a program this door starts and asks
// for its acts in JSON lines (strategy-process.ts); every other player is a pure strategy the rules play.
import path from "node:path";
import type { OfflineTable } from "@/server/actions/game";
import {
  ARENA_PLAYERS,
  arenaRun,
  FAULT_KINDS,
  toRecord,
  type ArenaDecision,
  type ArenaReply,
  type ArenaStanding,
} from "@/server/rules/game";
import { flagsOf } from "./args";
import { arenaTableFacts, decisionLine } from "./arena-view";
import { startStrategy, type StrategyProcess } from "./strategy-process";

export type ArenaIo = {
  writeFile(file: string, text: string): void;
  mkdir(dir: string): void;
  /** Where `cmd:` programs start (the current directory). */
  cwd?: string;
};
export type CliAnswer = { stdout: string; stderr: string; code: number };

export const REPLY_MS_DEFAULT = 5_000;
const REPLY_MS_MAX = 600_000;

export const USAGE = `usage: parley arena --tables N --seats S --players ${ARENA_PLAYERS.join(",")},cmd:NAME=COMMAND --seed HEX [--duplicate] [--reply-ms MS] [--record DIR]`;

const whole = (v: string | undefined) => (v !== undefined && /^\d{1,6}$/.test(v) ? Number(v) : NaN);

/**
 * The players' labels and each program's command. Commas split players, except inside a program's COMMAND: a piece
 * that does not start like a label (`kind:`) goes on with the command before it.
 */
export function readPlayers(list: string): { labels: string[]; commands: Map<string, string> } | string {
  const pieces: string[] = [];
  for (const piece of list.split(","))
    if (pieces.length && /^cmd:[^=]*=/.test(pieces.at(-1)!) && !/^\s*[a-z]+:/.test(piece))
      pieces[pieces.length - 1] += `,${piece}`;
    else pieces.push(piece.trim());
  const commands = new Map<string, string>();
  const labels: string[] = [];
  for (const piece of pieces) {
    const eq = piece.startsWith("cmd:") ? piece.indexOf("=") : -1;
    const label = eq < 0 ? piece : piece.slice(0, eq).trim();
    if (eq >= 0) {
      const command = piece.slice(eq + 1).trim();
      if (!command) return `"${label}=" names no command.`;
      const known = commands.get(label);
      if (known !== undefined && known !== command) return `"${label}" is given two different commands.`;
      commands.set(label, command);
    }
    labels.push(label);
  }
  const bare = labels.find((l) => l.startsWith("cmd:") && !commands.has(l));
  if (bare) return `"${bare}" needs its command: ${bare}=COMMAND.`;
  return { labels, commands };
}

export async function arenaCli(argv: readonly string[], io: ArenaIo): Promise<CliAnswer> {
  const parsed = flagsOf(argv, ["tables", "seats", "players", "seed", "record", "reply-ms"], ["duplicate"]);
  if (!parsed || parsed.words.length) return failure(USAGE);
  const f = parsed.flags;
  if (!f.has("tables") || !f.has("seats") || !f.has("players") || !f.has("seed")) return failure(USAGE);
  const players = readPlayers(f.get("players")!);
  if (typeof players === "string") return failure(players);
  const replyMs = f.has("reply-ms") ? whole(f.get("reply-ms")) : REPLY_MS_DEFAULT;
  if (!(replyMs >= 1 && replyMs <= REPLY_MS_MAX)) return failure(`--reply-ms is from 1 to ${REPLY_MS_MAX}.`);
  const duplicate = f.has("duplicate");

  const run = arenaRun({
    tables: whole(f.get("tables")),
    seats: whole(f.get("seats")),
    players: players.labels,
    seed: f.get("seed")!,
    duplicate,
  });
  // Arguments are checked before the first table, so a bad one starts no program.
  let step = run.next();
  const programs = new Map<string, { command: string; process: StrategyProcess | null; decisions: number }>();
  for (const [label, command] of players.commands)
    programs.set(label, { command, process: null, decisions: 0 });
  if (!step.done)
    for (const p of programs.values()) p.process = startStrategy(p.command, { cwd: io.cwd ?? process.cwd() });
  try {
    let id = 0;
    let facts = { table: -1, value: null as OfflineTable | null };
    while (!step.done) {
      const d: ArenaDecision = step.value;
      if (facts.table !== d.table) facts = { table: d.table, value: arenaTableFacts(d) };
      const program = programs.get(d.player)!;
      program.decisions++;
      id++;
      const reply: ArenaReply = await program.process!.ask(id, decisionLine(id, d, facts.value!), replyMs);
      step = run.next(reply);
    }
  } finally {
    await Promise.all([...programs.values()].map((p) => p.process?.close()));
  }
  const r = step.value;
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
    players: players.labels,
    duplicate,
    ...(programs.size
      ? {
          replyMs,
          programs: [...programs].map(([player, p]) => ({
            player,
            command: p.command,
            decisions: p.decisions,
          })),
        }
      : {}),
    bound: r.value.tables.filter((t) => t.status === "bound").length,
    standings: r.value.standings,
  };
  return { stdout: `${JSON.stringify(answer, null, 2)}\n`, stderr: tableOf(r.value.standings), code: 0 };
}

const signed = (n: number) => (n >= 0 ? "+" : "") + n.toFixed(2);

/** The standings for a person at a terminal: one row per player, best first. */
function tableOf(standings: ArenaStanding[]): string {
  const head = [
    "player",
    "seats",
    "bound",
    "rating ± σ",
    "mean payoff",
    "over fallback",
    "95% interval",
    "sworn",
    "claims",
    "honesty",
    "faults",
  ];
  const rows = standings.map((s) => [
    s.player,
    String(s.seats),
    String(s.bound),
    `${s.rating.mu.toFixed(1)} ± ${s.rating.sigma.toFixed(1)}`,
    s.meanPayoff.toFixed(2),
    signed(s.meanOverFallback),
    s.overFallbackCi ? `${signed(s.overFallbackCi.low)} to ${signed(s.overFallbackCi.high)}` : "—",
    String(s.sworn),
    String(s.claims),
    s.honesty === null ? "—" : `${Math.round(s.honesty * 100)}%`,
    faultsText(s.faults),
  ]);
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]) =>
    cells.map((c, i) => (i ? c.padStart(widths[i]!) : c.padEnd(widths[i]!))).join("  ");
  return [line(head), ...rows.map(line)].join("\n") + "\n";
}

function faultsText(faults: ArenaStanding["faults"]): string {
  if (!faults) return "—";
  const kinds = FAULT_KINDS.filter((k) => faults[k] > 0);
  return kinds.length ? kinds.map((k) => `${faults[k]} ${k}`).join(", ") : "0";
}

function failure(message: string): CliAnswer {
  return { stdout: "", stderr: `arena: ${message}\n`, code: 1 };
}
