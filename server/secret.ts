// AUTH_SECRET: from the environment, or generated once and kept under the data directory.
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { env } from "./env";

/** The generated secret of each data directory, read once: every request with a session cookie asks for it. */
const kept = new Map<string, string>();

export function authSecret(): string {
  const fromEnv = env().AUTH_SECRET;
  if (fromEnv) return fromEnv;
  const dir = path.resolve(env().PARLEY_DATA_DIR);
  let secret = kept.get(dir);
  if (!secret) kept.set(dir, (secret = readOrMake(dir)));
  return secret;
}

function readOrMake(dir: string): string {
  const file = path.join(dir, "auth-secret");
  try {
    return fs.readFileSync(file, "utf8").trim();
  } catch {
    fs.mkdirSync(dir, { recursive: true });
    const secret = randomBytes(32).toString("base64url");
    try {
      // wx: if two processes race on first run, the loser reads the winner's secret
      fs.writeFileSync(file, secret + "\n", { flag: "wx", mode: 0o600 });
      return secret;
    } catch {
      return fs.readFileSync(file, "utf8").trim();
    }
  }
}
