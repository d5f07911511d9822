// The official MCP conformance suite against the built app (issue 48 point 8): `@modelcontextprotocol/conformance`
// needs Node ≥ 22, so it is installed with the npm `node` package into a temporary folder, never as the app's
// dependency, and run from there against `/mcp`; every server scenario that applies to Parley passes. The ones that
// do not apply are listed in docs/api.md ("Conformance") with why. Skipped, with the reason, where the npm registry
// cannot give Node 22.
import { execFileSync, spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { serve, tempDir, type Served } from "./servers";

const PORT = 3971;
const CONFORMANCE = "@modelcontextprotocol/conformance@0.1.16";

/**
 * The scenarios that apply to a server with Parley's capabilities (tools and resources of its own; no prompts,
 * logging, sampling, elicitation or server stream). The suite's other server scenarios call the reference server's
 * own fixtures (`test_simple_text`, `json_schema_2020_12_tool`, `test://static-text`…), which Parley does not have.
 */
export const APPLICABLE = [
  "server-initialize",
  "ping",
  "tools-list",
  "tools-call-error",
  "resources-list",
  "dns-rebinding-protection",
];

let app: Served | undefined;
let tools = "";
let why = "";

/** Node 22 and the suite, installed into a folder of their own; the reason when they cannot be had. */
function install(): { dir: string } | { why: string } {
  const dir = tempDir("parley-conformance-");
  fs.writeFileSync(path.join(dir, "package.json"), JSON.stringify({ name: "conformance", private: true }));
  const r = spawnSync("npm", ["install", "--no-audit", "--no-fund", "node@22", CONFORMANCE], {
    cwd: dir,
    encoding: "utf8",
    timeout: 300_000,
  });
  if (r.status !== 0)
    return { why: `npm could not install node@22 and ${CONFORMANCE}: ${r.stderr.slice(-300)}` };
  return { dir };
}

beforeAll(async () => {
  const got = install();
  if ("why" in got) {
    why = got.why;
    return;
  }
  tools = got.dir;
  app = await serve(PORT, { PARLEY_DATA_DIR: tempDir("parley-conformance-data-"), PARLEY_DEMO: "on" });
}, 600_000);
afterAll(async () => {
  await app?.stop();
  if (tools) fs.rmSync(tools, { recursive: true, force: true });
});

function scenario(name: string): { passed: boolean; output: string } {
  const node = path.join(tools, "node_modules/.bin/node");
  const cli = path.join(tools, "node_modules/@modelcontextprotocol/conformance/dist/index.js");
  try {
    const output = execFileSync(node, [cli, "server", "--url", `${app!.url}/mcp`, "--scenario", name], {
      cwd: tools,
      encoding: "utf8",
      timeout: 120_000,
    });
    return { passed: true, output };
  } catch (e) {
    const err = e as { stdout?: string; stderr?: string };
    return { passed: false, output: `${err.stdout ?? ""}${err.stderr ?? ""}` };
  }
}

describe("the MCP conformance suite, from a temporary folder on Node 22", () => {
  it.for(APPLICABLE)("%s passes", (name, { skip }) => {
    if (why) return skip(why);
    const r = scenario(name);
    expect(r.passed, r.output).toBe(true);
  });
});
