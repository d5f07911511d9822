// CLI door: `parley checkpoint audit --input FILE` prints the audit as JSON and exits 0 only when eligible to admit.
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
  const [verb, ...rest] = argv;
  if (verb !== "audit") return undefined;
  if (rest.length === 1 && rest[0]!.startsWith("--input="))
    return rest[0]!.slice("--input=".length) || undefined;
  if (rest.length === 2 && rest[0] === "--input" && rest[1] !== "") return rest[1];
  return undefined;
}

// One line, whatever the error's own message holds.
const reason = (error: unknown) =>
  (error instanceof Error ? error.message : String(error)).replace(/\s+/g, " ").trim();
const failure = (line: string): CliAnswer => ({ stdout: "", stderr: `checkpoint: ${line}\n`, code: 1 });
