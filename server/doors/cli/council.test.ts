// `parley council vote|inspect`: the printed lines and the exit codes of the original script.
import { readFileSync } from "node:fs";
import fc from "fast-check";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { councilCli, nodeIo, USAGE, type CliIo } from "@/server/doors/cli/council";

const EXAMPLE = path.resolve(import.meta.dirname, "../../rules/council/fixtures/adopt-a-pattern.json");
const example = () =>
  JSON.parse(readFileSync(EXAMPLE, "utf8")) as { aggregator: string; agents: { final?: unknown }[] };

/** A file system holding one file. */
const holding = (body: unknown): CliIo => ({
  readFile: (p) => {
    if (p !== "state.json") throw new Error(`ENOENT: no such file or directory, open '${p}'`);
    return typeof body === "string" ? body : JSON.stringify(body);
  },
});

describe("council vote", () => {
  it("the worked example: decided, exit 0", () => {
    expect(councilCli(["vote", EXAMPLE], nodeIo)).toEqual({
      stdout:
        "DECISION: adopt-modified\n" +
        "Aggregator: weighted · adopt-as-is: 0 · adopt-modified: 37 · reject: 0\n" +
        "Weighted confidence: 37/50 (74%) for adopt-modified\n" +
        "Top dissent: none (no opposing votes)\n" +
        "Top hedger: brand (6) — Compromise — would prefer as-is, but unity matters more\n",
      stderr: "",
      code: 0,
    });
  });

  it("the worked example under unanimity-or-escalate: escalated, exit 3", () => {
    const out = councilCli(
      ["vote", "state.json"],
      holding({ ...example(), aggregator: "unanimity-or-escalate" }),
    );
    expect(out).toEqual({
      stdout:
        "DECISION: ESCALATE\n" +
        "Aggregator: unanimity-or-escalate · adopt-as-is: 0 · adopt-modified: 37 · reject: 0\n" +
        "Weighted confidence: 37/50 (74%) for adopt-modified\n" +
        "Top dissent: none (no opposing votes)\n" +
        "Top hedger: brand (6) — Compromise — would prefer as-is, but unity matters more\n" +
        "Escalate because:\n" +
        "  unanimity-or-escalate: not every persona voted the same side at ≥7\n" +
        "The human decides.\n",
      stderr: "",
      code: 3,
    });
  });

  it("a 5 and a missing final: RE-PROMPT, exit 2", () => {
    const state = example();
    state.agents[1] = {
      ...state.agents[1],
      final: { vote: "adopt-modified", confidence: 5, rationale: "meh" },
    };
    delete state.agents[3]?.final;
    expect(councilCli(["vote", "state.json"], holding(state))).toEqual({
      stdout:
        "RE-PROMPT\n  brand: 5 is forbidden in round 4 — re-prompt for 4 or 6\n  editor: no final vote\n",
      stderr: "",
      code: 2,
    });
  });

  it("fewer than 3 seats: bad input, exit 1", () => {
    const state = example();
    state.agents = state.agents.slice(0, 2);
    expect(councilCli(["vote", "state.json"], holding(state))).toEqual({
      stdout: "",
      stderr: "quorum: 2 seats — a Round Table needs at least 3\n",
      code: 1,
    });
  });
});

describe("council inspect", () => {
  it("the worked example after round 2: CONTINUE, exit 0", () => {
    expect(councilCli(["inspect", EXAMPLE], nodeIo)).toEqual({
      stdout: "CONTINUE: round 2 still divided — run round 3\n",
      stderr: "",
      code: 0,
    });
  });

  it("everyone firm on one option: EARLY-STOP naming it and the round", () => {
    const state = example() as unknown as {
      agents: { rounds: { round: number; position: string; confidence: number }[] }[];
    };
    for (const a of state.agents) a.rounds = [{ round: 1, position: "reject", confidence: 9 }];
    expect(councilCli(["inspect", "state.json"], holding(state)).stdout).toBe(
      'EARLY-STOP: all hold "reject" at ≥8 after round 1 — skip to round 4\n',
    );
  });

  it("a seat short of the latest round: exit 1, naming it", () => {
    const state = example() as unknown as { agents: { rounds: unknown[] }[] };
    state.agents[4]?.rounds.pop();
    expect(councilCli(["inspect", "state.json"], holding(state))).toEqual({
      stdout: "",
      stderr: "round 2: not every seat has answered (missing: finance)\n",
      code: 1,
    });
  });

  it("fewer than 3 seats: exit 1", () => {
    expect(councilCli(["inspect", "state.json"], holding({ options: ["a"], agents: [] }))).toEqual({
      stdout: "",
      stderr: "quorum: 0 seats — a Round Table needs at least 3\n",
      code: 1,
    });
  });
});

describe("bad input: one line on stderr, exit 1", () => {
  const usage = { stdout: "", stderr: `${USAGE}\n`, code: 1 };

  it("usage", () => {
    expect(councilCli([], nodeIo)).toEqual(usage);
    expect(councilCli(["vote"], nodeIo)).toEqual(usage);
    expect(councilCli(["tally", "state.json"], nodeIo)).toEqual(usage);
    expect(councilCli(["vote", "state.json", "extra"], nodeIo)).toEqual(usage);
  });

  it("an unreadable file", () => {
    expect(councilCli(["vote", "missing.json"], holding({}))).toEqual({
      stdout: "",
      stderr: "cannot read missing.json: ENOENT: no such file or directory, open 'missing.json'\n",
      code: 1,
    });
    const real = councilCli(["vote", "/nonexistent/state.json"], nodeIo);
    expect(real.code).toBe(1);
    expect(real.stderr).toMatch(/^cannot read \/nonexistent\/state\.json: .*\n$/);
  });

  it("invalid JSON", () => {
    const out = councilCli(["inspect", "state.json"], holding("{ not json"));
    expect(out.code).toBe(1);
    expect(out.stdout).toBe("");
    expect(out.stderr).toMatch(/^state\.json is not valid JSON: .+\n$/);
    expect(out.stderr.split("\n")).toHaveLength(2);
  });

  it("JSON that is not a state", () => {
    expect(councilCli(["vote", "state.json"], holding([1, 2]))).toEqual({
      stdout: "",
      stderr: "state.json: Not a Round Table state: the state must be a JSON object.\n",
      code: 1,
    });
    expect(councilCli(["vote", "state.json"], holding({ options: ["a"] }))).toEqual({
      stdout: "",
      stderr: "state.json: Not a Round Table state: agents must be a list.\n",
      code: 1,
    });
  });
});

describe("any text at all", () => {
  it("exits 0, 1, 2 or 3, with output on exactly one stream, ending in a newline", () => {
    // Mostly the worked example with one seat's final replaced by junk, so the count is reached too.
    const nearExample = fc.tuple(fc.nat(4), fc.jsonValue()).map(([i, junk]) => {
      const state = example();
      state.agents[i] = { ...state.agents[i], final: junk };
      return JSON.stringify(state);
    });
    const text = fc.oneof(
      fc.string(),
      fc.jsonValue().map((v) => JSON.stringify(v)),
      nearExample,
    );
    fc.assert(
      fc.property(fc.constantFrom("vote", "inspect"), text, (mode, body) => {
        const out = councilCli([mode, "state.json"], holding(body));
        expect([0, 1, 2, 3]).toContain(out.code);
        expect(out.code === 1 ? out.stdout : out.stderr).toBe("");
        expect(out.code === 1 ? out.stderr : out.stdout).toMatch(/\n$/);
      }),
      { numRuns: 500 },
    );
  });
});
