// When the database cannot be reached, every door says so as a 503 with Retry-After — not as our own failure (500)
// — and tries again on the next request: nothing is cached about the outage, so the app recovers by itself.
import { fail, type Failure } from "../rules/result";

/** How long a client is asked to wait before trying again. */
export const RETRY_AFTER_S = 5;

export const UNAVAILABLE: Failure = fail(
  "unavailable",
  `The database cannot be reached just now; nothing was applied. Try again in ${RETRY_AFTER_S} seconds.`,
);

// Prisma's codes for an unreachable server, a closed connection, a pool or operation timeout.
const PRISMA_CODES = new Set(["P1001", "P1002", "P1008", "P1017", "P2024"]);
const ADAPTER_KINDS = new Set([
  "DatabaseNotReachable",
  "ConnectionClosed",
  "SocketTimeout",
  "TooManyConnections",
]);
// Node's socket errors, and PostgreSQL's shutdown, "cannot connect now", connection and too-many-connections states.
const SOCKET_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "EPIPE",
  "EHOSTUNREACH",
  "ENOTFOUND",
]);
const SQLSTATE = /^(57P0[123]|08\d{3}|53300)$/;
const MESSAGES =
  /Connection terminated|connection timeout|timeout exceeded when trying to connect|Can't reach database server/i;

/** Whether an error (or anything in its cause chain) says the database is out of reach, not that we erred. */
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
    if (PRISMA_CODES.has(code) || SOCKET_CODES.has(code) || SQLSTATE.test(code)) return true;
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
