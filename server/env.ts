// What this process was told by its environment, validated once (zod) and read from here only.
import { z } from "zod";

/** An on/off switch with its default when unset or empty. */
const flag = (byDefault: boolean) =>
  z
    .enum(["on", "off", "true", "false", "1", "0", ""])
    .optional()
    .transform((v) => (v === undefined || v === "" ? byDefault : v === "on" || v === "true" || v === "1"));
const onOff = flag(true);

const schema = z.object({
  DATABASE_URL: z.string().optional(),
  PARLEY_DATA_DIR: z.string().default("./data"),
  AUTH_SECRET: z.string().optional(),
  AUTH_LOCAL: onOff,
  AUTH_GITHUB_ID: z.string().optional(),
  AUTH_GITHUB_SECRET: z.string().optional(),
  AUTH_GOOGLE_ID: z.string().optional(),
  AUTH_GOOGLE_SECRET: z.string().optional(),
  ADMIN_EMAILS: z.string().default(""),
  PARLEY_DEMO: onOff,
  PARLEY_RATE_LIMIT: z.coerce.number().int().positive().default(120),
  PARLEY_BODY_MAX: z.coerce.number().int().positive().default(65_536),
  PARLEY_TRUST_PROXY: flag(false),
  /** The app's public address (e.g. https://parley.example.com): its host is answered by default. */
  PARLEY_URL: z.string().optional(),
  /** Host names the doors answer for (DNS rebinding); empty = PARLEY_URL's host and this machine's; "*" = any. */
  PARLEY_ALLOWED_HOSTS: z.string().default(""),
  PARLEY_SWEEP_MS: z.coerce.number().int().positive().default(5_000),
});

export type Env = z.infer<typeof schema>;

/** Read lazily so `next build` and tests can set variables before first use. */
export function env(): Env {
  return schema.parse(process.env);
}

export const adminEmails = (): string[] =>
  env()
    .ADMIN_EMAILS.split(",")
    .map((s) => s.trim().toLowerCase())
    .filter(Boolean);
