// `parley arena` with strategies from outside (§16): real programs started through the shell and asked in JSON lines.
// The shipped example plays a whole run without a fault, the same twice; a program that plays as a house bot from
// its lines alone earns exactly the bot's standings (the line carries all its seat may know); and each fault — late,
// malformed, refused, exited — is a pass recorded with its reason, the program restarted once and then passed for.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { arenaCli, readPlayers, type ArenaIo } from "@/server/doors/cli/arena";

const SEED = "c3".repeat(32);
const io: ArenaIo = { writeFile: () => {}, mkdir: () => {} };
const run = async (players: string, over: string[] = []) => {
  const r = await arenaCli(
    ["--tables", "8", "--seats", "4", "--seed", SEED, "--players", players, ...over],
    io,
  );
  return { ...r, answer: r.code === 0 ? JSON.parse(r.stdout) : null };
};
const row = (answer: any, player: string) => answer.standings.find((s: any) => s.player === player);
const EXAMPLE = "cmd:first=node examples/strategies/first-strategy.mjs";
const MIMIC = "node --import tsx server/testing/arena-mimic.ts";

describe("parley arena with cmd: players", () => {
  it("plays the example strategy through a whole run, faultless, and the same twice", async () => {
    const a = await run(`${EXAMPLE},bot:hard,bot:cooperative`);
    expect(a.code, a.stderr).toBe(0);
    const first = row(a.answer, "cmd:first");
    expect(first.seats).toBeGreaterThan(8);
    expect(first.faults).toMatchObject({ late: 0, malformed: 0, refused: 0, exited: 0, log: [] });
    expect(first.honesty).toBe(1); // it says its aims, truly
    expect(a.answer.programs).toEqual([
      {
        player: "cmd:first",
        command: "node examples/strategies/first-strategy.mjs",
        decisions: expect.any(Number),
      },
    ]);
    expect(a.answer.programs[0].decisions).toBeGreaterThan(first.seats);
    expect(a.stderr).toMatch(/^cmd:first\s.*\s0$/m);
    const b = await run(`${EXAMPLE},bot:hard,bot:cooperative`);
    expect(b.answer).toEqual(a.answer);
  }, 60_000);

  it("a program playing as the house bot from its lines alone earns the bot's own standings", async () => {
    const bots = await run("bot:cooperative,bot:hard,bot:cooperative", ["--duplicate"]);
    const mimic = await run(`cmd:coop=${MIMIC} cooperative,bot:hard,cmd:coop`, ["--duplicate"]);
    expect(mimic.code, mimic.stderr).toBe(0);
    const strip = (s: any, label: string) => ({ ...s, player: label, faults: null });
    expect(strip(row(mimic.answer, "cmd:coop"), "x")).toEqual(
      strip(row(bots.answer, "bot:cooperative"), "x"),
    );
    expect(row(mimic.answer, "bot:hard")).toEqual(row(bots.answer, "bot:hard"));
    expect(row(mimic.answer, "cmd:coop").faults.log).toEqual([]);
  }, 60_000);

  it("records each fault by kind with its reason, restarts a program once, then passes for it", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "arena-faults-"));
    const program = path.join(dir, "faulty.mjs");
    // First start: late, malformed, a refused offer, a refused whisper, then it exits; once restarted: one
    // good pass, then it exits again. Which start it is, it learns from a file beside it. Its late reply comes 4 s
    // after it read the ask, with 3 s to reply: the next ask waits 1 s (plus its start) for its malformed answer.
    fs.writeFileSync(
      program,
      `import fs from "node:fs";
import { createInterface } from "node:readline";
const mark = ${JSON.stringify(path.join(dir, "started"))};
const second = fs.existsSync(mark);
fs.writeFileSync(mark, "1");
let n = 0;
for await (const line of createInterface({ input: process.stdin })) {
  const { id, seat } = JSON.parse(line);
  n++;
  const say = (o) => process.stdout.write(JSON.stringify({ id, ...o }) + "\\n");
  if (second) { if (n === 1) say({ act: "pass" }); else process.exit(4); continue; }
  if (n === 1) { await new Promise((r) => setTimeout(r, 4000)); say({ act: "pass" }); }
  else if (n === 2) process.stdout.write("this is not JSON\\n");
  else if (n === 3) say({ act: "offer", accord: {} });
  else if (n === 4) say({ act: "pass", whispers: [{ to: seat, text: "to myself" }] });
  else process.exit(3);
}`,
    );
    try {
      const r = await run(`cmd:faulty=node ${program},bot:cooperative,bot:hard`, ["--reply-ms", "3000"]);
      expect(r.code, r.stderr).toBe(0);
      const f = row(r.answer, "cmd:faulty").faults;
      expect(f).toMatchObject({ late: 1, malformed: 1, refused: 2 });
      expect(f.exited).toBe(r.answer.programs[0].decisions - 5); // every ask from its first exit on, but one
      const reasons = f.log.map((l: any) => `${l.kind}: ${l.reason}`);
      expect(reasons.slice(0, 6)).toEqual([
        "late: No reply within 3000 ms.",
        "malformed: The reply is not one line of JSON.",
        expect.stringMatching(/^refused: /),
        expect.stringMatching(
          /^refused: whisper 0 dropped \(the act stood\): A whisper goes to another seat/,
        ),
        "exited: The program exited with code 3 before replying.",
        "exited: The program exited with code 4 before replying.",
      ]);
      expect(reasons[6]).toMatch(
        /^exited: The program exited again after its one restart .*; its seats pass\.$/,
      );
      expect(r.stderr).toMatch(/^cmd:faulty\s.*1 late, 1 malformed, 2 refused, \d+ exited$/m);
      // Every fault but the dropped whisper is a pass in the ledger, and the tables still end.
      expect(r.answer.tables).toBe(8);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);

  it("reads the players: a command may hold commas; a cmd: player needs its command", () => {
    expect(readPlayers("cmd:a=node x.mjs --k=1,2,bot:hard,cmd:a")).toEqual({
      labels: ["cmd:a", "bot:hard", "cmd:a"],
      commands: new Map([["cmd:a", "node x.mjs --k=1,2"]]),
    });
    expect(readPlayers("cmd:a,bot:hard")).toBe('"cmd:a" needs its command: cmd:a=COMMAND.');
    expect(readPlayers("cmd:a=x,cmd:a=y")).toBe('"cmd:a" is given two different commands.');
  });

  it("refuses a bad --reply-ms and a bad program name before starting anything", async () => {
    expect((await run(`${EXAMPLE},bot:hard`, ["--reply-ms", "0"])).stderr).toMatch(/--reply-ms is from 1 to/);
    expect((await run("cmd:bad name=true,bot:hard")).stderr).toMatch(
      /an outside program is cmd:NAME=COMMAND/,
    );
  });
});
