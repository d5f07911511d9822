// A unique constraint refused a write: how a race between two doors is settled (the loser gets a named failure).
// The ORM's own writes say P2002; a raw statement's (server/actions/rows.ts) says P2010 with the driver's kind.
type DriverFailure = { code?: string; meta?: { driverAdapterError?: { cause?: { kind?: string } } } };

export const isUniqueViolation = (e: unknown): boolean => {
  const f = e as DriverFailure | null;
  return (
    f?.code === "P2002" ||
    f?.code === "23505" || // pg's own, from a statement sent without the ORM (server/db.ts rawRows)
    (f?.code === "P2010" && f.meta?.driverAdapterError?.cause?.kind === "UniqueConstraintViolation")
  );
};
