// CLI door: `parley checkpoint audit --input FILE` prints the audit as JSON and exits 0 only when eligible to admit.
import { flagsOf } from "./args";
import { audit } from "@/server/rules/checkpoint";

export type CliIo = { readFile(path: string): string };
export type CliAnswer = { stdout: string; stderr: string; code: number };

const USAGE = "usage: parley checkpoint audit --input FILE";

/**
 * `argv` comes after the word "checkpoint". Decides nothing itself: the audit decides, this prints it.
 * Exit codes: 0 eligible to admit; 1 for everything else — a valid but held declaration and an invalid one
 * (both still print the audit on stdout, as the original did), and bad arguments, an unreadable file or bad
 * JSON (one line on stderr, nothing on stdout). The file is read through `io`, so tests need no disk.
 */
export function checkpointCli(argv: readonly string[], io: CliIo): CliAnswer {
  const path = inputPath(argv);
  if (path === undefined) return failure(USAGE);
  let text: string;
  try {
    text = io.readFile(path);
  } catch (error) {
    return failure(`cannot read ${path}: ${reason(error)}`);
  }
  let input: unknown;
  try {
    input = JSON.parse(text);
  } catch (error) {
    return failure(`${path} is not JSON: ${reason(error)}`);
  }
  const result = audit(input);
  return { stdout: `${JSON.stringify(result, null, 2)}\n`, stderr: "", code: result.eligibleToAdmit ? 0 : 1 };
}

/** Exactly `audit --input FILE` or `audit --input=FILE`; anything else is a usage error. */
function inputPath(argv: readonly string[]): string | undefined {
  const parsed = flagsOf(argv, ["input"]);
  if (!parsed || parsed.words.length !== 1 || parsed.words[0] !== "audit") return undefined;
  return parsed.flags.get("input");
}

// One line, whatever the error's own message holds.
const reason = (error: unknown) =>
  (error instanceof Error ? error.message : String(error)).replace(/\s+/g, " ").trim();
const failure = (line: string): CliAnswer => ({ stdout: "", stderr: `checkpoint: ${line}\n`, code: 1 });
