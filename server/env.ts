// What this process was told by its environment, validated once (zod) and read from here only.
import { isIP } from "node:net";
import { z } from "zod";
import { nameKey } from "./names";

/** An on/off switch with its default when unset or empty. */
const flag = (byDefault: boolean) =>
  z
    .enum(["on", "off", "true", "false", "1", "0", ""])
    .optional()
    .transform((v) => (v === undefined || v === "" ? byDefault : v === "on" || v === "true" || v === "1"));
const onOff = flag(true);

/** PARLEY_TRUST_PROXY read: how many hops of X-Forwarded-For are trusted proxies, or which addresses are. */
export type TrustedProxies = { hops: number } | { addresses: string[] };

function readTrustedProxies(raw: string): TrustedProxies | { bad: string } {
  const v = raw.trim().toLowerCase();
  if (["", "off", "false", "0"].includes(v)) return { hops: 0 };
  if (["on", "true"].includes(v)) return { hops: 1 };
  if (/^\d+$/.test(v)) return { hops: Number(v) };
  const addresses = v
    .split(",")
    .map((a) => a.trim())
    .filter(Boolean);
  const bad = addresses.find((a) => {
    const [ip, bits, more] = a.split("/");
    if (more !== undefined || !isIP(ip!)) return true;
    return bits !== undefined && !(/^\d+$/.test(bits) && Number(bits) <= (isIP(ip!) === 4 ? 32 : 128));
  });
  return bad === undefined ? { addresses } : { bad };
}

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
  /** Sign-ins and sign-ups a minute from one address, when set (default: SIGN_IN_PER_ADDRESS, SIGN_UP_PER_ADDRESS). */
  PARLEY_AUTH_ADDRESS_LIMIT: z.coerce.number().int().positive().optional(),
  /**
   * Live streams (SSE feeds, tRPC subscriptions, long polls) one person or agent may hold open at once, and one guest
   * address, when set (default: STREAMS_PER_IDENTITY, STREAMS_PER_GUEST in server/http/streams.ts).
   */
  PARLEY_STREAM_LIMIT: z.coerce.number().int().positive().optional(),
  PARLEY_GUEST_STREAM_LIMIT: z.coerce.number().int().positive().optional(),
  PARLEY_BODY_MAX: z.coerce.number().int().positive().default(65_536),
  /** How long a house bot waits after the act before its turn, as a person would (0: at once, as in tests). */
  PARLEY_BOT_PAUSE_MS: z.coerce.number().int().min(0).max(600_000).default(3_000),
  /**
   * Who may tell this server a client's address in X-Forwarded-For (a guest's rate limits are kept by address):
   * unset, "off" or 0 = nobody, the address is the TCP peer's; "on" = one proxy in front, N = a chain of N proxies
   * (the client is the hop that many from the right); or a comma list of the proxies' addresses and CIDR ranges
   * ("10.0.0.0/8, 192.0.2.7"), and the client is the right-most hop not among them. Never the client-supplied
   * left-most hop (server/http/address.ts). X-Forwarded-Host is believed only when it is set (server/http/floor.ts).
   */
  PARLEY_TRUST_PROXY: z
    .string()
    .default("off")
    .superRefine((raw, ctx) => {
      const read = readTrustedProxies(raw);
      if ("bad" in read)
        ctx.addIssue({
          code: "custom",
          message: `PARLEY_TRUST_PROXY: "${read.bad}" is neither on/off, a number of hops, nor an address or CIDR range`,
        });
    }),
  /** The app's public address (e.g. https://parley.example.com): its host is answered by default. */
  PARLEY_URL: z.string().optional(),
  /** Host names the doors answer for (DNS rebinding); empty = PARLEY_URL's host and this machine's; "*" = any. */
  PARLEY_ALLOWED_HOSTS: z.string().default(""),
  PARLEY_SWEEP_MS: z.coerce.number().int().positive().default(5_000),
  /** Mail for notifications, e.g. smtp://user:pass@host:587 (smtps:// for TLS from the start); unset = no mail. */
  SMTP_URL: z.string().optional(),
  /** The From of that mail; default "Parley <parley@" + PARLEY_URL's host (or localhost) + ">". */
  MAIL_FROM: z.string().optional(),
  /** Whether a plan's webhook may be a private or loopback address (a local orchestrator, tests); off by default. */
  PARLEY_WEBHOOK_ALLOW_PRIVATE: flag(false),
  /**
   * Whether an OAuth client's metadata document (a client_id that is a URL) may be read over http and from a private
   * or loopback address (a client on this machine, tests); off by default: https and public addresses only.
   */
  PARLEY_CLIENT_ID_ALLOW_PRIVATE: flag(false),
  /** Connections of this process's PostgreSQL pool (a transaction holds one from BEGIN to COMMIT). */
  PARLEY_DB_POOL: z.coerce.number().int().min(1).max(200).default(10),
  /**
   * Whether Prisma's statements are prepared once per connection under a name (server/db.ts); off for a pooler
   * that hands one client's statements to several server connections (PgBouncer in transaction mode before 1.21).
   */
  PARLEY_DB_PREPARED: flag(true),
  /**
   * A PostgreSQL URL for what must hold one server session (LISTEN, the live-feed relay's advisory lock): the server
   * itself when DATABASE_URL names a pooler in transaction mode; unset: DATABASE_URL.
   */
  PARLEY_DATABASE_DIRECT_URL: z.string().optional(),
  /** The live feed over NATS JetStream (server/live/nats.ts) when set, e.g. nats://127.0.0.1:4222; PostgreSQL only. */
  PARLEY_NATS_URL: z.string().optional(),
  /** The JetStream stream of the live feed; unset: `parley_` and the database's name (its subjects follow it). */
  PARLEY_NATS_STREAM: z
    .string()
    .regex(/^[A-Za-z0-9_-]+$/)
    .optional(),
  /** How long the stream keeps an event, in seconds (older ones are read from the outbox). */
  PARLEY_NATS_MAX_AGE_S: z.coerce.number().int().min(1).default(86_400),
  /** The most events the stream keeps (the oldest go first). */
  PARLEY_NATS_MAX_MSGS: z.coerce.number().int().min(1).default(1_000_000),
  /** The most bytes the stream keeps (the oldest go first). */
  PARLEY_NATS_MAX_BYTES: z.coerce.number().int().min(1).default(1_073_741_824),
  /** Where the stream keeps its events: `file` (survives a NATS restart) or `memory`. */
  PARLEY_NATS_STORAGE: z.enum(["file", "memory"]).default("file"),
  /** The stream's copies on a NATS cluster (1 on a single server). */
  PARLEY_NATS_REPLICAS: z.coerce.number().int().min(1).max(5).default(1),
});

export type Env = z.infer<typeof schema>;

const KEYS = Object.keys(schema.shape);
let parsed: { key: string; value: Env } | null = null;

/**
 * Read lazily so `next build` and tests can set variables before first use. Every request reads it several times:
 * a production server (whose environment is fixed when it starts) parses it once; elsewhere (development, tests,
 * which change variables as they go) it is parsed again whenever one of ours changed.
 */
export function env(): Env {
  if (parsed && parsed.key === "production") return parsed.value;
  const key =
    process.env.NODE_ENV === "production"
      ? "production"
      : KEYS.map((k) => process.env[k] ?? "\u0000").join("\u0001");
  if (parsed?.key !== key) parsed = { key, value: schema.parse(process.env) };
  return parsed.value;
}

/** ADMIN_EMAILS, each compared as account names are: NFKC, case-folded (server/names.ts). */
export const adminEmails = (): string[] => env().ADMIN_EMAILS.split(",").map(nameKey).filter(Boolean);

let trust: { raw: string; read: TrustedProxies } | null = null;

/** PARLEY_TRUST_PROXY, read (server/http/address.ts); read again only when it changed. */
export function trustedProxies(): TrustedProxies {
  const raw = env().PARLEY_TRUST_PROXY;
  if (trust?.raw !== raw) trust = { raw, read: readTrustedProxies(raw) as TrustedProxies };
  return trust.read;
}

/** Where the app is, for the links it sends (mail) and the addresses it names (OAuth metadata). */
export const publicUrl = () => (env().PARLEY_URL ?? "http://localhost:3000").replace(/\/+$/, "");
