// When the database cannot serve — out of reach, or out of disk space, memory or connections — every door says so as
// a 503 with Retry-After, not as our own failure (500), and tries again on the next request: nothing is cached about
// the trouble, so the app recovers by itself once the database is back or has room again.
import { fail, type Failure } from "../rules/result";

/** How long a client is asked to wait before trying again. */
export const RETRY_AFTER_S = 5;

export const UNAVAILABLE: Failure = fail(
  "unavailable",
  `The database cannot serve this just now; nothing was applied. Try again in ${RETRY_AFTER_S} seconds.`,
);

// Prisma's codes for an unreachable server, a closed connection, a pool or operation timeout.
const PRISMA_CODES = new Set(["P1001", "P1002", "P1008", "P1017", "P2024"]);
const ADAPTER_KINDS = new Set([
  "DatabaseNotReachable",
  "ConnectionClosed",
  "SocketTimeout",
  "TooManyConnections",
]);
// Node's socket errors, and a full disk or quota under the embedded database.
const NODE_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "EPIPE",
  "EHOSTUNREACH",
  "ENOTFOUND",
  "ENOSPC",
  "EDQUOT",
]);
// PostgreSQL's shutdown and "cannot connect now" (the embedded database starting again after a PANIC), its connection
// class, and its class 53, insufficient resources: 53100 disk full, 53200 out of memory, 53300 too many connections…
const SQLSTATE = /^(57P0[123]|08\d{3}|53\d{3})$/;
const MESSAGES =
  /Connection terminated|connection timeout|timeout exceeded when trying to connect|Can't reach database server|No space left on device|Disk quota exceeded/i;

/**
 * Whether an error (or anything in its cause chain) says the database cannot serve just now — out of reach, or out
 * of a resource — not that we erred.
 */
export function isDatabaseDown(e: unknown): boolean {
  for (let x: unknown = e, depth = 0; x && typeof x === "object" && depth < 8; depth++) {
    const o = x as {
      code?: unknown;
      message?: unknown;
      kind?: unknown;
      meta?: { driverAdapterError?: { cause?: { kind?: unknown; originalCode?: unknown } } };
      cause?: unknown;
    };
    const code = typeof o.code === "string" ? o.code : "";
    if (PRISMA_CODES.has(code) || NODE_CODES.has(code) || SQLSTATE.test(code)) return true;
    if (typeof o.kind === "string" && ADAPTER_KINDS.has(o.kind)) return true;
    const adapter = o.meta?.driverAdapterError?.cause;
    if (adapter && typeof adapter.kind === "string" && ADAPTER_KINDS.has(adapter.kind)) return true;
    if (adapter && typeof adapter.originalCode === "string" && SQLSTATE.test(adapter.originalCode))
      return true;
    if (typeof o.message === "string" && MESSAGES.test(o.message)) return true;
    x = o.cause;
  }
  return false;
}
