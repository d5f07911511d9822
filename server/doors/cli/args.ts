// The CLI's flags, read by node:util's parseArgs: `--name value` or `--name=value`, each known flag at most once
// and with a value (a switch, named in `switches`, with none: it reads "true"), and the words left over. Anything
// else is a usage error (undefined).
import { parseArgs } from "node:util";

export function flagsOf(
  args: readonly string[],
  known: readonly string[],
  switches: readonly string[] = [],
): { flags: Map<string, string>; words: string[] } | undefined {
  try {
    const { values, positionals, tokens } = parseArgs({
      args: [...args],
      options: {
        ...Object.fromEntries(known.map((k) => [k, { type: "string" as const }])),
        ...Object.fromEntries(switches.map((k) => [k, { type: "boolean" as const }])),
      },
      allowPositionals: true,
      strict: true,
      tokens: true,
    });
    const given = tokens.filter((t) => t.kind === "option").map((t) => t.name);
    if (new Set(given).size !== given.length) return undefined; // parseArgs would keep the last of a repeat
    const flags = new Map(Object.entries(values).map(([k, v]) => [k, String(v)]));
    if ([...flags.values()].some((v) => v === "")) return undefined;
    return { flags, words: positionals };
  } catch {
    return undefined; // an unknown flag, or one without its value
  }
}
