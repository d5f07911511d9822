// A position in the feed is (txid, id): the order in which events become safe to read. Both are bigints, and
// are compared as numbers everywhere, never as the text they travel in ("10000" sorts before "9999" as text).

export type Position = { txid: bigint; id: bigint };

export const START: Position = { txid: 0n, id: 0n };

export const isAfter = (a: Position, b: Position) => a.txid > b.txid || (a.txid === b.txid && a.id > b.id);

export const later = (a: Position, b: Position) => (isAfter(a, b) ? a : b);

export const positionOf = (e: { txid: string; id: string }): Position => ({
  txid: BigInt(e.txid),
  id: BigInt(e.id),
});

const BIGINT_MAX = 2n ** 63n - 1n;

/**
 * A client's Last-Event-ID as an event id, or null when it is not a plain integer within PostgreSQL's bigint:
 * such a value cannot name an event of ours, so the connection is read as a fresh one (never a query that throws).
 */
export function parseEventId(raw: string | null | undefined): bigint | null {
  if (typeof raw !== "string" || !/^[0-9]{1,19}$/.test(raw)) return null;
  const id = BigInt(raw);
  return id <= BIGINT_MAX ? id : null;
}
