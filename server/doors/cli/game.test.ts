// `parley game replay|deal` (§11): what each command prints and its exit code, worked example first.
import { createHash } from "node:crypto";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { gameCli, USAGE, type CliIo } from "@/server/doors/cli/game";
import {
  DEADLINE_DEFAULT_MS,
  TURN_WINDOW_DEFAULT_MS,
  WORKED_EXAMPLE,
  playBotTable,
  toRecord,
  type RecordAct,
  type TableRecord,
} from "@/server/rules/game";

const { game, names, accordA } = WORKED_EXAMPLE;
const MINUTE = 60_000;
const iso = (ms: number) => new Date(ms).toISOString();
const at = (minutes: number) => iso(game.startedAt + minutes * MINUTE);
const workedRecord = (): TableRecord => toRecord(game, names);
const recordWith = (acts: RecordAct[]): TableRecord => ({ ...workedRecord(), acts });
const offerA: RecordAct = { type: "offer", accord: { ...accordA }, at: at(5) };
const passAt = (m: number): RecordAct => ({ type: "pass", at: at(m) });

/** A file system holding one file, record.json. */
const holding = (body: unknown): CliIo => ({
  readFile: (p) => {
    if (p !== "record.json") throw new Error(`ENOENT: no such file or directory, open '${p}'`);
    return typeof body === "string" ? body : JSON.stringify(body);
  },
});
const replayOf = (body: unknown, ...flags: string[]) =>
  gameCli(["replay", "record.json", ...flags], holding(body));
const json = (stdout: string) => JSON.parse(stdout) as Record<string, unknown>;

describe("game replay", () => {
  it("re-derives the worked example: bound, payoffs 6,3,3,3,5, Dace's claim true; exit 0", () => {
    const out = replayOf(workedRecord());
    expect(out.code).toBe(0);
    expect(out.stderr).toBe("");
    expect(out.stdout.endsWith("}\n")).toBe(true);
    expect(out.stdout).toContain('\n  "status": "bound",\n'); // two-space indent
    expect(json(out.stdout)).toMatchObject({
      status: "bound",
      quorum: 4,
      turn: null,
      standingOffer: { accord: accordA, seat: 0, act: 0 },
      acceptances: [1, 2, 4, 0],
      sworn: [
        { seat: 1, clause: "ledger", setting: "redacted" },
        { seat: 2, clause: "beacon", setting: "kept" },
        { seat: 4, clause: "pilot", setting: "reinstated" },
        { seat: 0, clause: "hold", setting: "sealed" },
      ],
      payoffs: [6, 3, 3, 3, 5],
      said: [{ seat: 3, clause: "ledger", setting: "published", truthful: true }],
      boundAt: "2026-11-29T09:30:00.000Z",
    });
  });

  it("a table still playing: the seat to act, truth unknown, no payoffs", () => {
    const out = replayOf(recordWith(workedRecord().acts.slice(0, 4)));
    expect(out.code).toBe(0);
    expect(json(out.stdout)).toMatchObject({ status: "playing", turn: 4, payoffs: null });
    expect(json(out.stdout).said).toEqual([
      { seat: 3, act: 3, clause: "ledger", setting: "published", truthful: null },
    ]);
  });

  it("--now applies the clock's due passes and then the deadline", () => {
    const partial = recordWith(workedRecord().acts.slice(0, 4));
    const oneWindowOn = replayOf(partial, "--now", at(20 + 6 * 60 + 1));
    expect(json(oneWindowOn.stdout)).toMatchObject({
      status: "playing",
      turn: 0, // the clock passed for Ember; Aster's window runs
      acts: 5,
      dueClockActs: [{ type: "pass", by: "clock", at: "2026-11-29T15:20:00.000Z" }],
    });
    const atDeadline = replayOf(partial, `--now=${iso(game.startedAt + DEADLINE_DEFAULT_MS)}`);
    expect(atDeadline.code).toBe(0);
    expect(json(atDeadline.stdout)).toMatchObject({
      status: "ended",
      endedAt: "2026-11-30T09:00:00.000Z",
      payoffs: [1, 2, 1, 0, 2], // the fallbacks
      acts: 7,
    });
    expect(json(atDeadline.stdout).said).toMatchObject([{ truthful: true }]);
    expect(gameCli(["replay", "--now", at(0), "record.json"], holding(partial)).code).toBe(0);
  });

  it("without --now, nothing is applied past the last act", () => {
    expect(json(replayOf(recordWith([offerA])).stdout)).toMatchObject({ turn: 1, dueClockActs: [] });
  });

  it("a dealt table gives the commitment to compare with the published one", () => {
    const seed = "5e".repeat(32);
    const { game: dealt } = playBotTable(seed, 5, {
      startedAt: Date.parse("2026-12-01T00:00:00Z"),
      stepMs: 7 * MINUTE,
    });
    const out = replayOf(toRecord(dealt, ["a", "b", "c", "d", "e"], seed));
    expect(out.code).toBe(0);
    expect(json(out.stdout).commitment).toBe(
      json(gameCli(["deal", "--seed", seed, "--seats", "5"], holding({})).stdout).commitment,
    );
  });

  describe("an act the rules refuse: exit 2, one line naming the act's index (from 0) and the reason", () => {
    const refused = (acts: RecordAct[], index: number, reason: RegExp) => {
      const out = replayOf(recordWith(acts));
      expect(out).toEqual({
        stdout: "",
        stderr: expect.stringMatching(/^game: act \d+ refused: .+\n$/),
        code: 2,
      });
      expect(out.stderr.split("\n")).toHaveLength(2);
      expect(out.stderr).toMatch(new RegExp(`^game: act ${index} refused: `));
      expect(out.stderr).toMatch(reason);
    };

    it("accepting with nothing to swear", () => {
      const accordB = { ...accordA, hold: "opened", salvage: "to_the_owners" };
      refused(
        [{ ...offerA, accord: accordB }, passAt(10), passAt(15), { type: "accept", at: at(20) }],
        3,
        /Dace \(seat 3\): The standing offer satisfies none of your aims/,
      );
    });
    it("a bad cite", () => {
      refused(
        [offerA, { type: "accept", cite: { clause: "salvage", setting: "to_the_owners" }, at: at(10) }],
        1,
        /Brine \(seat 1\): The cite must be one of your aims/,
      );
    });
    it("an accord missing a clause", () => {
      const { chart: _, ...missing } = accordA;
      refused([{ ...offerA, accord: missing }], 0, /The accord has no setting for chart/);
    });
    it("an accord naming a clause outside the charter", () => {
      refused(
        [passAt(5), { ...offerA, accord: { ...accordA, flag: "struck" }, at: at(10) }],
        1,
        /“flag”, which is not on this table's charter/,
      );
    });
    it("a said claim outside the charter", () => {
      refused(
        [offerA, { type: "pass", said: { claims: [{ clause: "inquiry", setting: "held" }] }, at: at(10) }],
        1,
        /A said claim names “inquiry”/,
      );
    });
    it("an act after binding", () => {
      refused(
        [...workedRecord().acts, passAt(35)],
        6,
        /The accord bound at act 5; no act is taken after binding\./,
      );
    });
    it("an act at or after the deadline", () => {
      const clockPasses = [360, 720, 1080].map((m): RecordAct => ({ type: "pass", by: "clock", at: at(m) }));
      refused([...clockPasses, passAt(1440)], 3, /at or after the deadline \(2026-11-30T09:00:00\.000Z\)/);
    });
    it("a seat's act after its window ran out", () => {
      refused(
        [offerA, { type: "accept", at: iso(Date.parse(offerA.at) + TURN_WINDOW_DEFAULT_MS) }],
        1,
        /Brine's turn window ran out at 2026-11-29T15:05:00\.000Z/,
      );
    });
    it("a clock pass at the wrong moment", () => {
      refused(
        [offerA, { type: "pass", by: "clock", at: at(10) }],
        1,
        /A clock pass must be at exactly 2026-11-29T15:05:00\.000Z/,
      );
    });
    it("acts out of time order", () => {
      refused([offerA, passAt(4)], 1, /acts must be in time order/);
    });
    it("an act whose own shape is wrong (no time)", () => {
      refused(
        [offerA, { type: "pass", at: "yesterday" } as RecordAct],
        1,
        /The record is malformed at acts\.1\.at/,
      );
    });
  });

  describe("bad input: one line on stderr, nothing on stdout, exit 1", () => {
    const bad = (out: { stdout: string; stderr: string; code: number }, line: RegExp) => {
      expect(out.code).toBe(1);
      expect(out.stdout).toBe("");
      expect(out.stderr).toMatch(line);
      expect(out.stderr.split("\n")).toHaveLength(2);
    };

    it("usage", () => {
      const usage = { stdout: "", stderr: `game: ${USAGE}\n`, code: 1 };
      for (const argv of [
        [],
        ["replay"],
        ["reply", "record.json"],
        ["replay", "a.json", "b.json"],
        ["replay", "record.json", "--at", at(0)],
        ["replay", "record.json", "--now"],
        ["replay", "record.json", "--now", at(0), "--now", at(1)],
      ])
        expect(gameCli(argv, holding(workedRecord()))).toEqual(usage);
    });
    it("a --now that is not an ISO time", () => {
      bad(
        replayOf(workedRecord(), "--now", "tomorrow"),
        /^game: --now must be an ISO 8601 time .* not "tomorrow"\n$/,
      );
      bad(replayOf(workedRecord(), "--now", "2026-11-29"), /--now must be an ISO 8601 time/);
    });
    it("an unreadable file", () => {
      bad(gameCli(["replay", "missing.json"], holding({})), /^game: cannot read missing\.json: ENOENT/);
    });
    it("a file that is not JSON", () => {
      bad(replayOf("{ not json"), /^game: record\.json is not JSON: /);
    });
    it("a record malformed as a whole (the engine names no act)", () => {
      bad(replayOf([1, 2]), /^game: record\.json: The record is malformed/);
      bad(replayOf({ ...workedRecord(), seats: ["a", "b", "c"] }), /4 to 6 seats/);
      bad(replayOf({ ...workedRecord(), charter: [...game.charter].reverse() }), /pool order/);
      bad(replayOf({ ...workedRecord(), turnWindowMs: 1000 }), /clock is out of range/);
    });
    it("charges that are not the deal of the record's seed", () => {
      const seed = "5e".repeat(32);
      const { game: dealt } = playBotTable(seed, 5, {
        startedAt: Date.parse("2026-12-01T00:00:00Z"),
        stepMs: 7 * MINUTE,
      });
      const record = toRecord(dealt, ["a", "b", "c", "d", "e"], seed);
      record.charges[0]!.fallback = (record.charges[0]!.fallback + 1) % 3;
      bad(
        replayOf(record),
        /^game: record\.json: The charter and charges are not the deal of the record's seed\.\n$/,
      );
    });
  });
});

describe("game deal", () => {
  const seed = "0123456789abcdef".repeat(4);
  const dealt = (...argv: string[]) => gameCli(["deal", ...argv], holding({}));

  it("prints the commitment (SHA-256 of the seed's bytes), the charter and every charge; exit 0", () => {
    const out = dealt("--seed", seed, "--seats", "5");
    expect(out.code).toBe(0);
    expect(out.stderr).toBe("");
    const body = json(out.stdout) as {
      commitment: string;
      charter: string[];
      charges: { aims: { weight: number }[]; fallback: number }[];
    };
    expect(Object.keys(body)).toEqual(["commitment", "charter", "charges"]);
    expect(body.commitment).toBe(createHash("sha256").update(Buffer.from(seed, "hex")).digest("hex"));
    expect(body.charter).toHaveLength(7);
    expect(body.charges).toHaveLength(5);
    expect(body.charges[0]!.aims.map((a) => a.weight)).toEqual([3, 2, 1]);
    expect(out.stdout).toMatch(/^\{\n {2}"commitment": "[0-9a-f]{64}",\n/);
    expect(out.stdout.endsWith("}\n")).toBe(true);
  });

  it("is deterministic: the same seed gives the same deal, in either flag form and either case", () => {
    const first = dealt("--seed", seed, "--seats", "5").stdout;
    expect(dealt("--seats=5", `--seed=${seed.toUpperCase()}`).stdout).toBe(first);
    expect(dealt("--seed", "f".repeat(64), "--seats", "5").stdout).not.toBe(first);
    expect(json(dealt("--seed", seed, "--seats", "6").stdout).charges).toHaveLength(6);
  });

  it("bad seed or seat count: one line on stderr, exit 1", () => {
    expect(dealt("--seed", "xyz", "--seats", "5")).toEqual({
      stdout: "",
      stderr: "game: A seed is 64 hex digits (32 bytes).\n",
      code: 1,
    });
    for (const seats of ["3", "7", "5.0", "five", "0x5"])
      expect(dealt("--seed", seed, "--seats", seats)).toEqual({
        stdout: "",
        stderr: "game: Deal for 4 to 6 seats.\n",
        code: 1,
      });
    const usage = { stdout: "", stderr: `game: ${USAGE}\n`, code: 1 };
    expect(dealt("--seed", seed)).toEqual(usage);
    expect(dealt("--seats", "5")).toEqual(usage);
    expect(dealt("--seed", seed, "--seats", "5", "extra")).toEqual(usage);
  });
});

describe("any file at all", () => {
  it("exits 0, 1 or 2, with output on exactly one stream ending in a newline, and a failure in one line", () => {
    const nearRecord = fc.tuple(fc.nat(5), fc.jsonValue()).map(([i, junk]) => {
      const record = workedRecord() as unknown as { acts: unknown[] };
      record.acts[i] = junk;
      return JSON.stringify(record);
    });
    const text = fc.oneof(
      fc.string(),
      fc.jsonValue().map((v) => JSON.stringify(v)),
      nearRecord,
    );
    fc.assert(
      fc.property(text, (body) => {
        const out = replayOf(body);
        expect([0, 1, 2]).toContain(out.code);
        const printed = out.code === 0 ? out.stdout : out.stderr;
        expect(out.code === 0 ? out.stderr : out.stdout).toBe("");
        expect(printed.endsWith("\n")).toBe(true);
        if (out.code !== 0) expect(printed.split("\n")).toHaveLength(2);
      }),
    );
  });
});

describe("game replay with whispers (§12)", () => {
  const whisper = {
    from: 3,
    to: 0,
    at: at(12),
    text: "between us",
    claims: [{ clause: "ledger", setting: "published" }],
  };
  it("prints every whispered claim, judged once revealed; exit 0", () => {
    const out = replayOf({ ...workedRecord(), whispers: [whisper] });
    expect(out.code).toBe(0);
    expect(json(out.stdout).whispered).toEqual([
      { whisper: 0, from: 3, to: 0, clause: "ledger", setting: "published", truthful: true },
    ]);
  });

  it("refuses a bad whisper with exit 2, one line naming it by its index", () => {
    const out = replayOf({ ...workedRecord(), whispers: [whisper, { ...whisper, at: at(31) }] });
    expect(out).toEqual({
      stdout: "",
      stderr:
        "game: whisper 1 refused: The table ended at 2026-11-29T09:30:00.000Z; whispers are sent only while it plays.\n",
      code: 2,
    });
    expect(replayOf({ ...workedRecord(), whispers: [{ ...whisper, to: 3 }] }).stderr).toMatch(
      /^game: whisper 0 refused: A whisper goes to another seat/,
    );
  });
});
