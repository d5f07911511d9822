// CLI door: `parley game replay FILE [--now ISO]` re-derives a table's record offline; `game deal` deals from a seed (§11).
import { flagsOf } from "./args";
import { z } from "zod";
import { dealOutput, replay, validateDealInput } from "@/server/rules/game";

export type CliIo = { readFile(path: string): string };
export type CliAnswer = { stdout: string; stderr: string; code: number };

export const USAGE = "usage: parley game replay FILE [--now ISO] | parley game deal --seed HEX --seats N";

/**
 * `argv` comes after the word "game". Decides nothing: the engine replays and deals, this prints.
 * Exit codes and streams:
 * - 0: the answer as JSON (2-space indent, trailing newline) on stdout, nothing on stderr.
 * - 2: replay only — an act the rules refuse; one line on stderr, `game: act N refused: <reason>` (N from 0), or a
 *   whisper (§12, checked after the acts): `game: whisper N refused: <reason>`. Stdout
 *   stays empty, so `replay FILE > out.json` never writes a half answer. The engine names an act for every
 *   rule of §11 and also for an act whose own shape is wrong (no time, an unknown type, a clock's offer).
 * - 1: everything else — bad arguments, an unreadable file, bad JSON, and a record the engine refuses as a
 *   whole (index null: wrong seat count, charter, charges or clock, or charges that are not its seed's deal);
 *   one line on stderr, nothing on stdout.
 */
export function gameCli(argv: readonly string[], io: CliIo): CliAnswer {
  const [verb, ...rest] = argv;
  if (verb === "replay") return replayCommand(rest, io);
  if (verb === "deal") return dealCommand(rest);
  return failure(USAGE);
}

const ZNow = z.iso.datetime({ offset: true });

function replayCommand(args: readonly string[], io: CliIo): CliAnswer {
  const parsed = flagsOf(args, ["now"]);
  if (!parsed || parsed.words.length !== 1) return failure(USAGE);
  const file = parsed.words[0]!;
  const nowText = parsed.flags.get("now");
  let now: number | undefined;
  if (nowText !== undefined) {
    if (!ZNow.safeParse(nowText).success)
      return failure(`--now must be an ISO 8601 time such as 2026-11-29T09:00:00Z, not "${nowText}"`);
    now = Date.parse(nowText);
  }

  let text: string;
  try {
    // A byte-order mark from a Windows editor is not part of the JSON.
    text = io.readFile(file).replace(/^\uFEFF/, "");
  } catch (error) {
    return failure(`cannot read ${file}: ${reason(error)}`);
  }
  let record: unknown;
  try {
    record = JSON.parse(text);
  } catch (error) {
    return failure(`${file} is not JSON: ${reason(error)}`);
  }

  const result = replay(record, now);
  if (result.ok) return answer(result.value);
  if (result.whisper !== undefined)
    return {
      stdout: "",
      stderr: `game: whisper ${result.whisper} refused: ${oneLine(result.reason)}\n`,
      code: 2,
    };
  if (result.index === null) return failure(`${file}: ${oneLine(result.reason)}`);
  return { stdout: "", stderr: `game: act ${result.index} refused: ${oneLine(result.reason)}\n`, code: 2 };
}

function dealCommand(args: readonly string[]): CliAnswer {
  const parsed = flagsOf(args, ["seed", "seats"]);
  if (!parsed || parsed.words.length > 0) return failure(USAGE);
  const seed = parsed.flags.get("seed");
  const seatsText = parsed.flags.get("seats");
  if (seed === undefined || seatsText === undefined) return failure(USAGE);
  // Digits only: "5.0", "0x5" and "5e0" are not a seat count.
  const seats = /^\d{1,3}$/.test(seatsText) ? Number(seatsText) : Number.NaN;
  const input = validateDealInput(seed, seats);
  if (!input.ok) return failure(input.message);
  return answer(dealOutput(input.value.seedHex, input.value.seats));
}

const answer = (value: unknown): CliAnswer => ({
  stdout: `${JSON.stringify(value, null, 2)}\n`,
  stderr: "",
  code: 0,
});

// One line, whatever the error's own message holds.
const oneLine = (text: string) => text.replace(/\s+/g, " ").trim();
const reason = (error: unknown) => oneLine(error instanceof Error ? error.message : String(error));
const failure = (line: string): CliAnswer => ({ stdout: "", stderr: `game: ${line}\n`, code: 1 });
