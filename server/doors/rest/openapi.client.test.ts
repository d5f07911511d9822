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
import { loadTable } from "../../actions/game";
import { servePlain } from "../../fast/lane";
import { plainDoor } from "../../http/door";
import { makeUser, testDatabase, type TestDatabase } from "../../testing/db";
import { House } from "../../testing/house";
import { listening, whoByBearer, type Listening } from "../../testing/served";
import { openApiDoor } from "../http";
import { dispatch } from "./dispatch";

const ROOT = resolve(__dirname, "../../..");
const AGENT = join(ROOT, "examples/openapi-agent/agent.ts");
/** The table's clock, moved on only by the house's sweeper. */
const house = new House();
const clock = house.clock;

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
    // The house sweeps the table of that title once the agent opens it.
    const title = "Kept by a generated client";
    const stopHouse = house.run(
      db,
      async () =>
        (await db.prisma.gameTable.findFirst({ where: { title }, select: { id: true } }))?.id ?? null,
    );
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
