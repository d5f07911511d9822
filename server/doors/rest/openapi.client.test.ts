// A client nobody here wrote: openapi-typescript generates it from the document the server serves to an agent, into a
// temporary folder; strict TypeScript checks the example agent (examples/openapi-agent/agent.ts) against it, with no
// cast; then the agent, with only its token, hosts a table of house bots through it on a real node:http server and
// plays it to its end — waiting with the long poll while the house's sweeper moves the bots.
import { execFile } from "node:child_process";
import { copyFile, mkdir, mkdtemp, readFile, rm, symlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { promisify } from "node:util";
import openapiTS, { astToString } from "openapi-typescript";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createAgent } from "../../actions/agents";
import { loadTable, sweepTables } from "../../actions/game";
import { servePlain } from "../../fast/lane";
import { plainDoor } from "../../http/door";
import { derive } from "../../rules/game";
import { makeUser, testDatabase, type TestDatabase } from "../../testing/db";
import { listening, whoByBearer, type Listening } from "../../testing/served";
import { openApiDoor } from "../http";
import { dispatch } from "./dispatch";

const ROOT = resolve(__dirname, "../../..");
const AGENT = join(ROOT, "examples/openapi-agent/agent.ts");
const MINUTE = 60_000;
/** The table's clock: moved on only by the house (below), so the test passes on any day. */
let now = Date.parse("2026-12-01T12:00:00Z");
const clock = () => now;

let db: TestDatabase;
let server: Listening;
let base = "";
let dir = "";

beforeAll(async () => {
  // House bots wait for their turn as on a server: the sweeper plays them, so the agent's long poll really waits.
  vi.stubEnv("PARLEY_BOT_PAUSE_MS", "3000");
  db = await testDatabase();
  // The JSON API as server/doors/http.ts declares it, on this test's database: the bearer token says who acts.
  const api = plainDoor((a) => dispatch(a, clock), {
    db: db.prisma,
    resolveWho: whoByBearer,
  });
  server = await listening((req, res) => {
    if (!req.url?.startsWith("/api/openapi.json")) return servePlain(api, req, res);
    const answer = openApiDoor(new Request(`http://localhost${req.url}`));
    void answer.text().then((text) => res.writeHead(answer.status, [...answer.headers]).end(text));
  });
  base = server.base;
  dir = await mkdtemp(join(tmpdir(), "parley-openapi-client-"));
});
afterAll(async () => {
  vi.unstubAllEnvs();
  await server?.close();
  await db?.drop();
  if (dir) await rm(dir, { recursive: true, force: true });
});

/**
 * The house's sweeper on the table's clock, for the table of that title once the agent opens it: a minute passes for
 * each bot's turn, none while the agent is to act, so its turn window never runs out for the machine's slowness.
 */
function house(title: string) {
  let stop = false;
  let sweeps = 0;
  const done = (async () => {
    let id: number | null = null;
    while (!stop) {
      id ??= (await db.prisma.gameTable.findFirst({ where: { title }, select: { id: true } }))?.id ?? null;
      const t = id === null ? null : await loadTable(db.prisma, id);
      const d = t?.game ? derive(t.game, now) : null;
      if (d && d.status === "playing" && d.turn !== null && t!.seats[d.turn]!.botName) {
        now += MINUTE;
        await sweepTables(db, now);
        sweeps++;
      } else await new Promise((r) => setTimeout(r, 20));
    }
  })();
  return async () => {
    stop = true;
    await done;
    return sweeps;
  };
}

type Play = (
  base: string,
  token: string,
) => Promise<{
  tableId: number;
  openedOnce: boolean;
  status: string;
  acts: { offer: number; accept: number; pass: number };
  seed: string | null;
}>;

describe("a client generated from the served OpenAPI document", () => {
  it("type-checks under strict TypeScript with no cast, and its agent hosts and plays a table of house bots to its end", async () => {
    // Generated from what the server serves to an agent, as a client generator would fetch it.
    const served = await fetch(`${base}/api/openapi.json?caller=agent`);
    expect(served.status).toBe(200);
    const schema = astToString(await openapiTS((await served.json()) as Parameters<typeof openapiTS>[0]));
    await mkdir(join(dir, "generated"));
    await writeFile(join(dir, "generated/schema.ts"), schema);
    await copyFile(AGENT, join(dir, "agent.ts"));
    await symlink(join(ROOT, "node_modules"), join(dir, "node_modules"), "dir");
    await writeFile(
      join(dir, "tsconfig.json"),
      JSON.stringify({
        compilerOptions: {
          strict: true,
          noUncheckedIndexedAccess: true,
          exactOptionalPropertyTypes: true,
          noImplicitOverride: true,
          target: "ES2022",
          lib: ["ES2023", "DOM"],
          module: "ESNext",
          moduleResolution: "Bundler",
          verbatimModuleSyntax: true,
          types: [],
          noEmit: true,
          skipLibCheck: true,
        },
        files: ["agent.ts", "generated/schema.ts"],
      }),
    );
    // No cast, no any, no non-null assertion: the one directive proves a people-only call does not compile.
    const source = await readFile(AGENT, "utf8");
    // The code alone: comments and string literals say what they like.
    const code = source
      .replace(/\/\*[\s\S]*?\*\//g, "")
      .replace(/\/\/.*$/gm, "")
      .replace(/"(?:[^"\\\n]|\\.)*"/g, '""');
    expect(code).not.toMatch(/\bas (?!const\b)|\bany\b|[\w)\]]!(?!=)|@ts-ignore|@ts-nocheck/);
    expect(source.match(/@ts-expect-error/g)).toHaveLength(1);
    const tsc = join(ROOT, "node_modules/typescript/bin/tsc");
    const checked = await promisify(execFile)(process.execPath, [tsc, "-p", dir]).then(
      () => "",
      (e: { stdout?: string; message: string }) => e.stdout || e.message,
    );
    expect(checked).toBe("");

    const owner = await makeUser(db, "client-owner");
    const created = await createAgent(db.prisma, owner, { name: "generated-scout" });
    if (!created.ok) throw new Error(created.message);
    // The agent as the temporary folder has it (its types are the generated client's, checked above).
    const agent = (await import(pathToFileURL(join(dir, "agent.ts")).href)) as { play: Play };
    const stopHouse = house("Kept by a generated client");
    try {
      const played = await agent.play(base, created.value.token);
      expect(played.openedOnce).toBe(true);
      expect(["bound", "ended"]).toContain(played.status);
      expect(played.seed).toMatch(/^[0-9a-f]{64}$/);
      expect(played.acts.offer + played.acts.accept + played.acts.pass).toBeGreaterThan(0);
      expect(await stopHouse()).toBeGreaterThan(0);
      // Every act of the agent's seat in the ledger is one it sent through the generated client.
      const t = await loadTable(db.prisma, played.tableId);
      const own = t!.game!.acts.filter((_, turn) => turn % t!.seats.length === 0); // seat 0's turns
      expect(own.length).toBe(played.acts.offer + played.acts.accept + played.acts.pass);
      expect(t!.seats.map((s) => (s.botName ? "bot" : "agent"))).toEqual(["agent", "bot", "bot", "bot"]);
    } finally {
      await stopHouse();
    }
  }, 180_000);
});
