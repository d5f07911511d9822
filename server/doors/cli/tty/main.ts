// `parley tty [TABLE]`: the terminal door's loop — read keys, run commands through the actions, print screen(state).
import { seedDemo, sweepAll } from "@/server/boot";
import { wallClock, type Clock } from "@/server/clock";
import { MODULES } from "@/server/modules";
import { databaseUrl, openDatabase, setDatabase, type Database } from "@/server/db";
import { env } from "@/server/env";
import { identify, meOf, type TtyEnv } from "./identity";
import { decodeKeys, press } from "./keys";
import { runCommand, type RunDeps } from "./run";
import { clampScroll, screen } from "./screen";
import { initialState, type Command, type TtyState } from "./state";

export const USAGE = "usage: parley tty [TABLE]";
const TICK_MS = 1000;

type Io = { stdout: (s: string) => void; stderr: (s: string) => void };

/** The terminal the loop drives; process.stdin/stdout by default, a stand-in in tests. */
export type Terminal = {
  stdin: {
    isTTY?: boolean;
    setRawMode?(on: boolean): unknown;
    setEncoding?(encoding: "utf8"): unknown;
    on(event: "data", fn: (chunk: string | Buffer) => void): unknown;
    off(event: "data", fn: (chunk: string | Buffer) => void): unknown;
    resume(): unknown;
    pause(): unknown;
  };
  stdout: {
    columns?: number;
    rows?: number;
    write(s: string): unknown;
    on?(event: "resize", fn: () => void): unknown;
    off?(event: "resize", fn: () => void): unknown;
  };
};

/** `clock`: where the terminal door reads the time (the wall clock; a test passes a fixed one). */
export type TtyOptions = { env?: TtyEnv; url?: string; terminal?: Terminal; clock?: Clock };

/**
 * Opens the database (the embedded one is single-process: while the app runs on it, this fails saying so, and
 * DATABASE_URL lets both share a PostgreSQL server), lays out the demo on an empty database as the app does,
 * works out who is at the keyboard, and then either prints the current screen once (stdin not a terminal:
 * for scripts) or runs the loop until q. Exit 0 on a clean quit, 1 on a bad argument, identity or database.
 */
export async function runTty(args: string[], io: Io, options: TtyOptions = {}): Promise<number> {
  const clock = options.clock ?? wallClock;
  const [arg, ...extra] = args;
  if (extra.length > 0 || (arg !== undefined && !/^[1-9][0-9]{0,15}$/.test(arg))) {
    io.stderr(`parley tty: ${USAGE}\n`);
    return 1;
  }
  const tableId = arg === undefined ? undefined : Number(arg);
  const terminal = options.terminal ?? (process as unknown as Terminal);

  let database: Database;
  try {
    database = await openDatabase(options.url ?? databaseUrl());
  } catch (e) {
    io.stderr(`parley tty: ${oneLine(e)}\n`);
    return 1;
  }
  // The process's database while the terminal runs: what asks for the process's own (the model seats asked in the
  // background, a write's wake-up) gets this one, not a second PGlite opened on the same data directory and never
  // closed, whose timers kept the process up long after q.
  setDatabase(database);
  try {
    // The modules' background work, sweepers (clock, house bots) and demo, as a server process has them.
    for (const m of MODULES) m.start?.();
    if (env().PARLEY_DEMO) await seedDemo(database, clock());
    const who = await identify(database.prisma, options.env ?? (process.env as TtyEnv));
    if (!who.ok) {
      io.stderr(`parley tty: ${who.message}\n`);
      return 1;
    }
    const deps: RunDeps = {
      db: database.prisma,
      who: who.value,
      afterWrite: () => sweepAll(database, clock()),
    };
    let state = initialState(meOf(who.value), clock(), tableId);
    const first: Command = tableId === undefined ? { kind: "refresh" } : { kind: "open", id: tableId };
    state = (await runCommand(deps, state, first, clock()))(state);

    if (!terminal.stdin.isTTY) {
      if (tableId !== undefined && state.place.kind === "lobby") {
        io.stderr(`parley tty: ${state.message?.text ?? `Table #${tableId} could not be read.`}\n`);
        return 1;
      }
      io.stdout(`${screen(state, { cols: terminal.stdout.columns ?? 100 }).join("\n")}\n`);
      return 0;
    }
    return await loop(state, deps, database, terminal, clock);
  } finally {
    await Promise.all(MODULES.map((m) => m.stop?.()));
    setDatabase(undefined);
    await database.close();
  }
}

/** The interactive loop: one queue of work (keys' commands, the 1 s refresh, the sweepers), a redraw after each. */
function loop(
  start: TtyState,
  deps: RunDeps,
  database: Database,
  terminal: Terminal,
  clock: Clock,
): Promise<number> {
  const { stdin, stdout } = terminal;
  let state = start;
  let queue: Promise<void> = Promise.resolve();
  let waiting = 0;
  let done = false;

  const draw = () => {
    if (done) return;
    const size = { cols: stdout.columns ?? 100, rows: stdout.rows ?? 40 };
    state = clampScroll(state, size);
    const lines = screen(state, size);
    stdout.write(`\x1b[H${lines.map((l) => `${l}\x1b[K`).join("\r\n")}\x1b[J`);
  };
  const fail = (e: unknown) => {
    state = { ...state, message: { tone: "error", text: `The database did not answer: ${oneLine(e)}` } };
  };
  const enqueue = (work: () => Promise<void>) => {
    waiting++;
    queue = queue
      .then(work)
      .catch(fail)
      .finally(() => {
        waiting--;
        draw();
      });
  };
  const run = (command: Command) =>
    enqueue(async () => {
      const update = await runCommand(deps, state, command, clock());
      state = update(state);
    });

  return new Promise<number>((resolve) => {
    const onData = (chunk: string | Buffer) => {
      for (const key of decodeKeys(String(chunk))) {
        const step = press(state, key);
        state = step.state;
        if (step.command?.kind === "quit") return finish();
        if (step.command) run(step.command);
      }
      draw();
    };
    // Once a second: the time words move, and the view is read again (a live change shows within the second).
    const tick = setInterval(() => {
      state = { ...state, now: clock() };
      if (waiting === 0) run({ kind: "refresh" });
      else draw();
    }, TICK_MS);
    const sweep = setInterval(() => enqueue(() => sweepAll(database, clock())), env().PARLEY_SWEEP_MS);
    const signals = ["SIGTERM", "SIGHUP"] as const;
    function finish() {
      if (done) return;
      done = true;
      clearInterval(tick);
      clearInterval(sweep);
      stdin.off("data", onData);
      stdout.off?.("resize", draw);
      for (const s of signals) process.off(s, finish);
      stdin.setRawMode?.(false);
      stdin.pause();
      stdout.write("\x1b[?25h\x1b[?1049l"); // the cursor back, and the screen as it was before
      void queue.finally(() => resolve(0)); // let a write in flight land before the database closes
    }
    for (const s of signals) process.once(s, finish);
    stdout.write("\x1b[?1049h\x1b[?25l"); // a screen of our own, no cursor
    stdin.setRawMode?.(true);
    stdin.setEncoding?.("utf8");
    stdin.on("data", onData);
    stdout.on?.("resize", draw);
    stdin.resume();
    draw();
  });
}

const oneLine = (e: unknown) => (e instanceof Error ? e.message : String(e)).replace(/\s+/g, " ").trim();
