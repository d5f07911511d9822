// The `parley` command line: every subcommand calls the same actions and rules as the other doors.
import fs from "node:fs";
import { dbCheck } from "../../actions/dbcheck";
import { isDataDirLocked } from "../../datalock";

/** Why the database could not be opened, in one sentence: the lock's own, or the driver's first line. */
function notOpened(e: unknown): string {
  if (isDataDirLocked(e)) return e.message;
  const err = e as { message?: unknown; code?: unknown } | null;
  const why = String(err?.message || err?.code || e).split("\n")[0];
  return `The database could not be opened (${why}); nothing was checked.`;
}

type Io = { stdout: (s: string) => void; stderr: (s: string) => void };
type Command = { usage: string; summary: string; run: (args: string[], io: Io) => Promise<number> };

const readFile = (p: string) => fs.readFileSync(p, "utf8");
const emit = (io: Io, r: { stdout: string; stderr: string; code: number }) => {
  if (r.stdout) io.stdout(r.stdout);
  if (r.stderr) io.stderr(r.stderr);
  return r.code;
};

export const COMMANDS: Record<string, Command> = {
  db: {
    usage: "parley db check",
    summary: "print the schema version and check the ledgers' invariants (exit 1 on a problem)",
    async run(args, io) {
      if (args[0] !== "check") {
        io.stderr("usage: parley db check\n");
        return 1;
      }
      const { invariantsOf } = await import("../../modules");
      const { openDatabase, databaseUrl } = await import("../../db");
      const opened = await openDatabase(databaseUrl(), { migrate: false }).then(
        (db) => ({ db }),
        (e: unknown) => ({ why: notOpened(e) }),
      );
      // A database the check cannot open (the app holds the embedded one, PostgreSQL is down) is one sentence.
      if ("why" in opened) {
        io.stderr(`${opened.why}\n`);
        return 1;
      }
      const { db } = opened;
      try {
        const r = await dbCheck(db, invariantsOf());
        io.stdout(
          `database: ${r.kind}\nschema version: ${r.version ?? "(none)"} (${r.applied} migration(s) applied)\n`,
        );
        if (r.problems.length === 0) io.stdout("integrity: ok\n");
        else for (const p of r.problems) io.stdout(`problem: ${p}\n`);
        return r.problems.length ? 1 : 0;
      } finally {
        await db.close();
      }
    },
  },
  game: {
    usage: "parley game replay FILE [--now ISO] | game deal --seed HEX --seats N",
    summary: "re-derive a table's record offline, or deal from a seed (§11)",
    async run(args, io) {
      const { gameCli } = await import("./game");
      return emit(io, gameCli(args, { readFile }));
    },
  },
  arena: {
    usage: "parley arena --tables N --seats S --players P,… --seed HEX",
    summary:
      "play tables offline between strategies (bots, cmd: programs) and print standings with ratings (§14, §16)",
    async run(args, io) {
      const { arenaCli } = await import("./arena");
      return emit(
        io,
        await arenaCli(args, {
          writeFile: (file, text) => fs.writeFileSync(file, text),
          mkdir: (dir) => fs.mkdirSync(dir, { recursive: true }),
        }),
      );
    },
  },
  tty: {
    usage: "parley tty [TABLE]",
    summary: "the terminal door: j/k move, o open, s sit, x leave, q quit, and the turn's acts",
    async run(args, io) {
      const { runTty } = await import("./tty/main");
      return runTty(args, io);
    },
  },
  council: {
    usage: "parley council vote|inspect STATE.json",
    summary: "the Round Table's vote and inspector, compatible with the original script",
    async run(args, io) {
      const { councilCli } = await import("./council");
      return emit(io, councilCli(args, { readFile }));
    },
  },
  checkpoint: {
    usage: "parley checkpoint audit --input FILE",
    summary: "audit a wave checkpoint declaration (exit 0 only when eligible to admit)",
    async run(args, io) {
      const { checkpointCli } = await import("./checkpoint");
      return emit(io, checkpointCli(args, { readFile }));
    },
  },
};

export function help(): string {
  const lines = ["parley — people and AI agents parley under rules a program enforces", "", "usage:"];
  for (const c of Object.values(COMMANDS)) lines.push(`  ${c.usage.padEnd(44)} ${c.summary}`);
  lines.push("", "Environment: DATABASE_URL (PostgreSQL; unset = the embedded database under ./data).");
  return lines.join("\n") + "\n";
}

export async function main(argv: string[], io: Io): Promise<number> {
  const [name, ...rest] = argv;
  if (!name || name === "--help" || name === "-h" || name === "help") {
    io.stdout(help());
    return 0;
  }
  const command = COMMANDS[name];
  if (!command) {
    io.stderr(`parley: unknown command "${name}"; see parley --help\n`);
    return 1;
  }
  return command.run(rest, io);
}
