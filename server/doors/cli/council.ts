// `parley council vote|inspect STATE.json` — the original skill's two commands, same lines, same exit codes.
import { readFileSync } from "node:fs";
import { inspect, parseState, vote } from "@/server/rules/council";

export type CliIo = { readFile(path: string): string };
export type CliOutput = { stdout: string; stderr: string; code: number };

export const USAGE = "usage: parley council inspect|vote STATE.json";

/** The real file system, for the bin; tests pass their own. */
export const nodeIo: CliIo = { readFile: (path) => readFileSync(path, "utf8") };

const printed = (lines: readonly string[]): string => lines.map((l) => `${l}\n`).join("");
const badInput = (line: string): CliOutput => ({ stdout: "", stderr: `${line}\n`, code: 1 });

/** Run one council command; `argv` is what follows "council". Decides nothing: the rules do. */
export function councilCli(argv: readonly string[], io: CliIo): CliOutput {
  const [mode, file, ...extra] = argv;
  if ((mode !== "inspect" && mode !== "vote") || !file || extra.length > 0) return badInput(USAGE);

  let text: string;
  try {
    // A byte-order mark from a Windows editor is not part of the JSON.
    text = io.readFile(file).replace(/^\uFEFF/, "");
  } catch (e) {
    return badInput(`cannot read ${file}: ${e instanceof Error ? e.message : String(e)}`);
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (e) {
    return badInput(`${file} is not valid JSON: ${e instanceof Error ? e.message : String(e)}`);
  }
  const state = parseState(json);
  if (!state.ok) return badInput(`${file}: ${state.message}`);

  if (mode === "inspect") {
    const found = inspect(state.value);
    return found.ok ? { stdout: printed([found.line]), stderr: "", code: 0 } : badInput(found.line);
  }
  const result = vote(state.value);
  if (result.kind === "invalid") return badInput(result.message);
  return { stdout: printed(result.lines), stderr: "", code: result.exitCode };
}
