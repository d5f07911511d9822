// A unique constraint refused a write: how a race between two doors is settled (the loser gets a named failure).
export const isUniqueViolation = (e: unknown): boolean => (e as { code?: string } | null)?.code === "P2002";
