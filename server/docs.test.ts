// The docs stay true: every number they state for a rule is the rule's constant, every environment variable the code
// reads is in docs/configuration.md with its real default, every MCP tool and every operation is in docs/api.md as
// declared, every path a curl example or the prose names is a route that exists, every relative link resolves.
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { WAIT_MAX_MS } from "./actions/poll";
import { env } from "./env";
import { BATCH_MAX } from "./http/door";
import * as L from "./http/limits";
import { RETRY_AFTER_S } from "./http/unavailable";
import { BACKLOG_MAX } from "./live/tail";
import {
  REPLAY_EVENTS_PER_READ,
  STREAM_LEASE_S,
  STREAM_RETRY_AFTER_S,
  STREAMS_PER_GUEST,
  STREAMS_PER_IDENTITY,
} from "./http/streams";
import { ALL_OPERATIONS } from "./operations";
import { wireJsonSchema } from "./operations/wire";
import { audit } from "./rules/checkpoint";
import * as checkpointConstants from "./rules/checkpoint/constants";
import { AXES_MAX, AXES_MIN, parseState, vote } from "./rules/council";
import * as councilConstants from "./rules/council/constants";
import * as gameConstants from "./rules/game/constants";
import { CLAUSE_POOL, score, WORKED_EXAMPLE } from "./rules/game";
import { soulsEnv } from "./souls/env";
import { flat, named, read, ROOT, rows, section, spans } from "./testing/markdown";

// ---- The rules' numbers ----------------------------------------------------------------------------------------

type Constants = Record<string, unknown>;
const constantsOf = (m: object): Constants =>
  Object.fromEntries(Object.entries(m).filter(([, v]) => typeof v !== "function"));

/** How a page writes a constant's value in its table: a number as digits, a list joined by ", ", text as it is. */
const rendered = (v: unknown): string => (Array.isArray(v) ? v.join(", ") : String(v));

/** A duration as people say it, the way the docs add it after the milliseconds: "15 minutes", "48 hours", "14 days". */
function humanSpan(ms: number): string {
  const [n, unit] =
    ms % 86_400_000 === 0 && ms / 86_400_000 >= 3
      ? [ms / 86_400_000, "day"]
      : ms % 3_600_000 === 0
        ? [ms / 3_600_000, "hour"]
        : [ms / 60_000, "minute"];
  return `${n} ${unit}${n === 1 ? "" : "s"}`;
}

const WORDS = ["zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten"];

const STREAM_CONSTANTS = {
  STREAMS_PER_IDENTITY,
  STREAMS_PER_GUEST,
  STREAM_RETRY_AFTER_S,
  STREAM_LEASE_S,
  REPLAY_EVENTS_PER_READ,
};

/** Each page with a table of constants: what it may name, what it must name, and what it lists elsewhere. */
/** The sign-in and sign-up limits docs/api.md states. */
const AUTH_LIMITS = Object.fromEntries(
  Object.entries(L).filter(([k, v]) => /^SIGN_(IN|UP)_/.test(k) && typeof v === "number"),
);

const CONSTANT_PAGES: { doc: string; known: Constants; required: Constants; elsewhere?: string[] }[] = [
  { doc: "docs/game.md", known: constantsOf(gameConstants), required: constantsOf(gameConstants) },
  {
    doc: "docs/council.md",
    known: { ...constantsOf(councilConstants), AXES_MIN, AXES_MAX },
    required: { ...constantsOf(councilConstants), AXES_MIN, AXES_MAX },
  },
  {
    doc: "docs/checkpoint.md",
    known: constantsOf(checkpointConstants),
    required: constantsOf(checkpointConstants),
    // Listed in the audit's own order in "## The audit" (checked below), not in the table.
    elsewhere: ["DECLARATION_FINDING_IDS", "GATE_FINDING_IDS"],
  },
  {
    doc: "docs/api.md",
    known: { BATCH_MAX, WAIT_MAX_MS, RETRY_AFTER_S, BACKLOG_MAX, ...STREAM_CONSTANTS, ...AUTH_LIMITS },
    required: { BATCH_MAX, WAIT_MAX_MS, RETRY_AFTER_S, BACKLOG_MAX, ...STREAM_CONSTANTS, ...AUTH_LIMITS },
  },
];

const CONSTANT_NAME = /^[A-Z][A-Z0-9_]+$/;

describe("the constants tables", () => {
  for (const page of CONSTANT_PAGES) {
    it(`${page.doc} states every constant with its value`, () => {
      const md = read(page.doc);
      const stated = new Map<string, string>();
      const wrong: string[] = [];
      for (const r of named(md)) {
        const [name] = r.names;
        if (r.names.length !== 1 || !CONSTANT_NAME.test(name!)) continue;
        if (!Object.hasOwn(page.known, name!)) {
          wrong.push(`${name}: no such constant (renamed or removed?)`);
          continue;
        }
        const value = page.known[name!];
        const cell = r.cells[1] ?? "";
        const shown = spans(cell)[0];
        if (shown !== rendered(value))
          wrong.push(`${name}: the page says ${shown}, the code ${rendered(value)}`);
        if (name!.endsWith("_MS") && typeof value === "number" && value % 60_000 === 0 && value > 0)
          if (!cell.includes(`(${humanSpan(value)})`))
            wrong.push(`${name}: the page should say (${humanSpan(value)}) beside ${value}`);
        stated.set(name!, cell);
      }
      const missing = Object.keys(page.required).filter(
        (n) => !stated.has(n) && !(page.elsewhere ?? []).includes(n),
      );
      expect(wrong).toEqual([]);
      expect(missing, `constants missing from ${page.doc}`).toEqual([]);
    });
  }

  it("docs/checkpoint.md lists the audit's findings in the audit's order", () => {
    const ids = [...checkpointConstants.DECLARATION_FINDING_IDS, ...checkpointConstants.GATE_FINDING_IDS];
    const all = new Set<string>(ids);
    const seen = spans(section(read("docs/checkpoint.md"), "The audit")).filter((s) => all.has(s));
    expect([...new Set(seen)]).toEqual(ids);
  });
});

// ---- Numbers in prose ------------------------------------------------------------------------------------------

const G = gameConstants;
const C = councilConstants;
const seatCounts = Array.from({ length: G.SEATS_MAX - G.SEATS_MIN + 1 }, (_, i) => G.SEATS_MIN + i);
const ex = WORKED_EXAMPLE;
const adopt = JSON.parse(read("server/rules/council/fixtures/adopt-a-pattern.json"));
const stateOf = (json: unknown) => {
  const parsed = parseState(json);
  if (!parsed.ok) throw new Error(parsed.message);
  return parsed.value;
};
const adoptVote = vote(stateOf(adopt));
const unanimousVote = vote(stateOf({ ...adopt, aggregator: "unanimity-or-escalate" }));
const checkpointFixture = JSON.parse(read("server/rules/checkpoint/fixtures/checkpoint-valid.json"));
const appEnv = defaultsOfAppEnv();
const plansCreate = wireJsonSchema(ALL_OPERATIONS.find((o) => o.name === "plans.create")!.input, "input") as {
  properties: Record<string, { minimum?: number; maximum?: number; items?: any }>;
};
const approvers = plansCreate.properties.required_approvers!;
const nodeId = plansCreate.properties.nodes!.items.properties.id as { minLength: number; maxLength: number };

/** (page, phrase): each phrase is built from the code, so a changed constant or a retyped number fails here. */
const PHRASES: [string, string][] = [
  ["docs/game.md", `a negotiation game for ${G.SEATS_MIN}–${G.SEATS_MAX} seats`],
  [
    "docs/game.md",
    `${WORDS[G.AIM_WEIGHTS.length]} **aims** (\`clause = setting\`, weighted ${G.AIM_WEIGHTS.join(", ")}, on three different clauses`,
  ],
  ["docs/game.md", `dealt from the pool of ${WORDS[CLAUSE_POOL.length]}`],
  ["docs/game.md", `(${G.SEED_BYTES * 8} bits)`],
  ["docs/game.md", `${WORDS[G.quorumFor(ex.game.seats)]} acceptances reach the quorum`],
  ["docs/game.md", `${capitalized(WORDS[ex.game.seats]!)} seats sit in this order`],
  ["docs/game.md", `(${quorumName()}): ${seatCounts.map((n) => `${n} → ${G.quorumFor(n)}`).join(", ")}.`],
  ["docs/game.md", `A charter is ${G.CHARTER_CLAUSES} of these ${WORDS[CLAUSE_POOL.length]} clauses`],
  ["docs/game.md", `a title of ${G.TITLE_MIN}–${G.TITLE_MAX} characters`],
  ["docs/game.md", `${G.SEATS_MIN}–${G.SEATS_MAX} seats (default ${G.SEATS_DEFAULT})`],
  ["docs/game.md", `at least ${WORDS[G.DEADLINE_MIN_WINDOWS]} turn windows long`],
  ["docs/game.md", `once at least ${G.SEATS_MIN} seats are taken`],
  [
    "docs/game.md",
    `a fresh ${G.SEED_BYTES * 8}-bit seed, publishes the SHA-256 of its ${G.SEED_BYTES} bytes`,
  ],
  ["docs/game.md", `the charter: ${G.CHARTER_CLAUSES} distinct clauses of the pool`],
  ["docs/game.md", `the weights ${G.AIM_WEIGHTS.join(", ")} in the order drawn`],
  ["docs/game.md", `and a fallback from ${G.FALLBACK_MIN} to ${G.FALLBACK_MAX}`],
  ["docs/game.md", `free text (at most ${G.SAID_MAX} characters)`],
  ["docs/game.md", `at most ${G.SAID_CLAIMS_MAX} per act`],
  ["docs/game.md", `(quorum ${G.quorumFor(ex.game.seats)})`],
  [
    "docs/game.md",
    `Payoffs: ${ex.names.map((n, i) => `${n} ${score(ex.game.charges[i]!, ex.accordA)}`).join(", ")}.`,
  ],
  ["docs/game.md", `a charter of ${G.CHARTER_CLAUSES} pool clauses in pool order`],
  ["docs/game.md", `weighted ${G.AIM_WEIGHTS.join(", ")} on different charter clauses`],
  ["docs/game.md", `fallbacks from ${G.FALLBACK_MIN} to ${G.FALLBACK_MAX}`],
  [
    "docs/council.md",
    `# Round Tables — one decision, ${C.SEATS_MIN}–${C.SEATS_MAX} souls, ${WORDS[C.ROUNDS]} rounds`,
  ],
  ["docs/council.md", `one stakes-bearing decision with ${C.OPTIONS_MIN}–${C.OPTIONS_MAX} canonical options`],
  ["docs/council.md", `exactly ${WORDS[C.ROUNDS]} rounds`],
  ["docs/council.md", `a confidence from ${C.CONFIDENCE_MIN} to ${C.CONFIDENCE_MAX}`],
  ["docs/council.md", `(required, at most ${C.QUESTION_MAX} characters)`],
  ["docs/council.md", `\`options\` — ${C.OPTIONS_MIN}–${C.OPTIONS_MAX} distinct short slugs`],
  [
    "docs/council.md",
    `from ${humanSpan(C.ROUND_DEADLINE_MIN_MS)} to ${humanSpan(C.ROUND_DEADLINE_MAX_MS)} (default ${humanSpan(C.ROUND_DEADLINE_DEFAULT_MS)})`,
  ],
  [
    "docs/council.md",
    `\`seats\` — ${C.SEATS_MIN} to ${C.SEATS_MAX}, each with a \`name\` (at most ${C.SEAT_NAME_MAX} characters`,
  ],
  ["docs/council.md", `one-line habit of at most ${C.HABIT_MAX} characters`],
  ["docs/council.md", `a whole number from ${C.CONFIDENCE_MIN} to ${C.CONFIDENCE_MAX}`],
  ["docs/council.md", `\`final_confidence\` is never ${C.FORBIDDEN_FINAL_CONFIDENCE}`],
  ["docs/council.md", `one line of at most ${C.RATIONALE_MAX} characters`],
  ["docs/council.md", `With fewer than ${C.SEATS_MIN} live seats`],
  ["docs/council.md", `with confidence ${C.EARLY_STOP_MIN} or more`],
  ["docs/council.md", `every other is ${C.DEFERENCE_MAX_OTHERS} or less`],
  ["docs/council.md", `exactly "${C.NO_CHANGE}"`],
  [
    "docs/council.md",
    `writes ${AXES_MIN}–${AXES_MAX} one-line disagreement axes (each at most ${C.RATIONALE_MAX} characters)`,
  ],
  ["docs/council.md", `is below ${Math.round(C.SPLIT_THRESHOLD * 100)}%`],
  ["docs/council.md", `the ${Math.round(C.SPLIT_THRESHOLD * 100)}% split test`],
  ["docs/council.md", `for one option at ${C.UNANIMITY_MIN} or more`],
  ["docs/council.md", `(${C.CONFIDENCE_MAX} per seat)`],
  ["docs/council.md", `\`${adoptVoteLine("Weighted confidence:")}\``],
  ["docs/council.md", `top hedger ${hedger()}`],
  ["docs/council.md", `seats ${WORDS[adopt.agents.length]} souls whose final votes`],
  ["docs/council.md", `at ${finals()}`],
  ["docs/council.md", `(default \`${C.DEFAULT_VALUES_KEYWORDS.join("`, `")}\`; \`[]\` turns`],
  ["docs/council.md", `fewer than ${C.SEATS_MIN} seats), 2 re-prompt`],
  ["docs/checkpoint.md", `(N, from ${approvers.minimum} to ${approvers.maximum}, default 1)`],
  ["docs/checkpoint.md", `exact strings of ${nodeId.minLength}–${nodeId.maxLength} characters`],
  [
    "docs/checkpoint.md",
    audit(checkpointFixture).eligibleToAdmit ? "which is valid and eligible to admit" : "?",
  ],
  ["docs/api.md", `\`PARLEY_BODY_MAX\` bytes (default ${appEnv.PARLEY_BODY_MAX})`],
  ["docs/api.md", `\`PARLEY_RATE_LIMIT\` a minute (default ${appEnv.PARLEY_RATE_LIMIT})`],
  ["docs/api.md", `(at most ${WAIT_MAX_MS}, the default)`],
  [
    "docs/api.md",
    `its operation's cost (1 for every operation but \`GET /api/health\`, which costs 0, and those that mail a link: ${ALL_OPERATIONS.filter(
      (op) => (op.cost ?? 1) !== 1 && op.name !== "identity.health",
    )
      .map((op) => `\`${op.name}\` ${op.cost}`)
      .join(", ")})`,
  ],
  ["README.md", `a negotiation game for ${G.SEATS_MIN}–${G.SEATS_MAX} seats`],
  [
    "README.md",
    `one stakes-bearing decision, ${C.SEATS_MIN}–${C.SEATS_MAX} souls, exactly ${WORDS[C.ROUNDS]} rounds`,
  ],
  ["README.md", `a ${C.CONFIDENCE_MIN}–${C.CONFIDENCE_MAX} confidence vote`],
  ["README.md", `${C.OPTIONS_MIN}–${C.OPTIONS_MAX} options`],
  ["README.md", `and ${C.SEATS_MIN}–${C.SEATS_MAX} souls, each worn by`],
];

function capitalized(word: string): string {
  return word[0]!.toUpperCase() + word.slice(1);
}
function quorumName(): string {
  return "`quorumFor`";
}
function adoptVoteLine(prefix: string): string {
  return adoptVote.lines.find((l) => l.startsWith(prefix)) ?? `(no line starting ${prefix})`;
}
function hedger(): string {
  return adoptVote.kind === "decided" && adoptVote.topHedger
    ? `${adoptVote.topHedger.name} (${adoptVote.topHedger.confidence})`
    : "(no hedger)";
}
function finals(): string {
  const c = (adopt.agents as { final: { confidence: number } }[]).map((a) => a.final.confidence);
  return `${c.slice(0, -1).join(", ")} and ${c.at(-1)}`;
}

describe("numbers in prose", () => {
  for (const [doc, phrase] of PHRASES)
    it(`${doc}: “${phrase}”`, () => {
      expect(flat(read(doc)), `${doc} should say: ${phrase}`).toContain(phrase);
    });

  it("the worked Round Table decides under weighted and escalates under unanimity-or-escalate, as council.md says", () => {
    expect(adoptVote.kind).toBe("decided");
    expect(unanimousVote.kind).toBe("escalated");
  });

  it("docs/game.md's clause pool is the engine's, in pool order", () => {
    const table = rows(section(read("docs/game.md"), "The clause pool")).slice(1);
    expect(table.map((r) => [r.cells[0], r.cells[1]])).toEqual(
      CLAUSE_POOL.map((c) => [c.clause, c.settings.join(" · ")]),
    );
  });

  it("docs/game.md's worked example charges are the fixture's", () => {
    const table = rows(section(read("docs/game.md"), "The worked example")).slice(1);
    expect(table.map((r) => r.cells)).toEqual(
      ex.names.map((name, i) => {
        const charge = ex.game.charges[i]!;
        return [name, ...charge.aims.map((a) => `${a.clause} = ${a.setting}`), String(charge.fallback)];
      }),
    );
  });
});

// ---- Environment variables -------------------------------------------------------------------------------------

const SOURCE_DIRS = ["server", "app", "bin", "scripts", "e2e", "bench", "components"];
const ROOT_FILES = [
  "instrumentation.ts",
  "next.config.ts",
  "prisma.config.ts",
  "proxy.ts",
  "vitest.config.ts",
];
const SKIP = /(^|\/)(node_modules|generated|results|\.next)(\/|$)/;
const SELF = path.relative(ROOT, import.meta.filename);

function sourceFiles(): string[] {
  const out: string[] = [];
  const walk = (rel: string) => {
    for (const e of fs.readdirSync(path.join(ROOT, rel), { withFileTypes: true })) {
      const p = `${rel}/${e.name}`;
      if (SKIP.test(p)) continue;
      if (e.isDirectory()) walk(p);
      else if (/\.(ts|tsx|mjs|js)$/.test(e.name) && p !== SELF) out.push(p);
    }
  };
  for (const d of SOURCE_DIRS) walk(d);
  return [...out, ...ROOT_FILES.filter((f) => fs.existsSync(path.join(ROOT, f)))];
}

/**
 * Every variable the code reads: `process.env.X`, `process.env["X"]`, `env().X` (a line break allowed before the
 * dot), `env.X` / `e.X` (an environment handed in, as the model providers and the terminal door take it), names
 * destructured from either, and the keys of server/env.ts's schema.
 */
function variablesRead(): Map<string, string[]> {
  const found = new Map<string, string[]>();
  const add = (name: string, file: string) => found.set(name, [...(found.get(name) ?? []), file]);
  for (const file of sourceFiles()) {
    const text = read(file);
    for (const m of text.matchAll(
      /\b(?:process\.env|env\(\)|env|e)\s*\??\.\s*([A-Z][A-Z0-9]*_[A-Z0-9_]+|[A-Z]{2,})\b/g,
    ))
      add(m[1]!, file);
    for (const m of text.matchAll(/process\.env\[\s*["'`]([A-Z][A-Z0-9_]*)["'`]\s*\]/g)) add(m[1]!, file);
    for (const m of text.matchAll(/\{([^{}]*)\}\s*=\s*(?:process\.env|env\(\))/g))
      for (const n of m[1]!.split(",").map((s) => s.split(":")[0]!.trim()))
        if (/^[A-Z][A-Z0-9_]+$/.test(n)) add(n, file);
  }
  for (const m of read("server/env.ts").matchAll(/^\s+([A-Z][A-Z0-9_]+):\s/gm)) add(m[1]!, "server/env.ts");
  return found;
}

/** The app's defaults, from the code itself: server/env.ts parsed with none of its variables set. */
function defaultsOfAppEnv(): Record<string, unknown> {
  const saved = { ...process.env };
  for (const k of Object.keys(process.env))
    if (/^(DATABASE_URL|PARLEY_|AUTH_|ADMIN_)/.test(k)) delete process.env[k];
  try {
    return env();
  } finally {
    Object.assign(process.env, saved);
  }
}

function defaultsOfSouls(): Record<string, unknown> {
  const s = soulsEnv({} as NodeJS.ProcessEnv); // nothing set: every default
  return {
    ANTHROPIC_API_KEY: s.anthropicKey,
    ANTHROPIC_BASE_URL: s.anthropicBaseUrl,
    OPENAI_API_KEY: s.openaiKey,
    OPENAI_BASE_URL: s.openaiBaseUrl,
    PARLEY_MODEL_BASE_URLS: s.allowedBaseUrls,
    PARLEY_MODEL_TIMEOUT_MS: s.timeoutMs,
    PARLEY_MODEL_BUDGET_TOKENS: s.budget.tableTokens,
    PARLEY_MODEL_BUDGET_MAX_TOKENS: s.budget.maxTableTokens,
    PARLEY_MODEL_BUDGET_DAY_TOKENS: s.budget.dayTokens,
  };
}

/** How the docs write a default: unset, empty, on/off, or the value in a code span. */
function defaultWords(v: unknown): string {
  if (v === undefined || v === null) return "unset";
  if (v === "" || (Array.isArray(v) && v.length === 0)) return "empty";
  if (v === true) return "on";
  if (v === false) return "off";
  return String(v);
}

describe("environment variables", () => {
  const vars = variablesRead();
  const config = read("docs/configuration.md");
  const documented = new Set(named(config).flatMap((r) => r.names));

  it("the scan finds the variables it should (it is not silently empty)", () => {
    for (const v of [
      "DATABASE_URL",
      "PARLEY_ALLOWED_HOSTS",
      "ANTHROPIC_API_KEY",
      "PARLEY_TOKEN",
      "FUZZ_RUNS",
    ])
      expect([...vars.keys()]).toContain(v);
  });

  it("every variable the code reads is in docs/configuration.md", () => {
    const missing = [...vars.keys()]
      .filter((v) => !documented.has(v))
      .map((v) => `${v} (${vars.get(v)![0]})`);
    expect(missing).toEqual([]);
  });

  it("every variable docs/configuration.md and the README name is read by the code", () => {
    const readme = new Set(named(read("README.md")).flatMap((r) => r.names.filter((n) => /_/.test(n))));
    const stale = [...documented, ...readme].filter((v) => !vars.has(v));
    expect(stale).toEqual([]);
  });

  it("the defaults in docs/configuration.md and the README are the code's", () => {
    const defaults = { ...appEnv, ...defaultsOfSouls() };
    const wrong: string[] = [];
    for (const doc of ["docs/configuration.md", "README.md"])
      for (const r of named(read(doc))) {
        if (r.section.startsWith("Tests")) continue; // the tooling's defaults are the scripts' own
        for (const name of r.names) {
          if (!Object.hasOwn(defaults, name)) continue;
          const want = defaultWords(defaults[name]);
          const cell = r.cells[1] ?? "";
          const ok = want === "unset" || want === "empty" ? cell.startsWith(want) : spans(cell)[0] === want;
          if (!ok) wrong.push(`${doc} ${name}: says "${cell}", the code's default is ${want}`);
        }
      }
    expect(wrong).toEqual([]);
  });
});
