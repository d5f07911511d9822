#!/usr/bin/env node
// The `parley` CLI entry: loads the TypeScript sources through tsx and runs the command.
import path from "node:path";
import { fileURLToPath } from "node:url";
import { register } from "tsx/esm/api";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
register({ tsconfig: path.join(root, "tsconfig.json") });
const { main } = await import(path.join(root, "server/doors/cli/main.ts"));
const code = await main(process.argv.slice(2), {
  stdout: (s) => process.stdout.write(s),
  stderr: (s) => process.stderr.write(s),
});
process.exitCode = code;
