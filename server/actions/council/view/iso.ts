// Instants as every view writes them: ISO 8601 UTC, null for a moment that has not come.
export const iso = (d: Date | null | undefined): string | null => (d ? d.toISOString() : null);
