// A change a panel asks the server for, then shows: the failure kept as one sentence for the panel to say, cleared by
// the next success, and on success what the change touched read again (`refresh`).
import { useState } from "react";

type Failed = { message: string };

export function useAttempt(refresh?: () => unknown, messageOf: (e: Failed) => string = (e) => e.message) {
  const [error, setError] = useState<string | null>(null);
  /** A mutation's onSuccess and onError: `then` runs after a success, before the refresh. */
  const attempt = <T>(then?: (data: T) => void) => ({
    onSuccess: (data: T) => {
      setError(null);
      then?.(data);
      void refresh?.();
    },
    onError: (e: Failed) => setError(messageOf(e)),
  });
  return { error, setError, attempt };
}

/**
 * A change a page awaits: its failure as one sentence (null when it went through), and whatever it was, what it
 * touched read again (`refresh`) before the answer.
 */
export const trying =
  (refresh: () => unknown) =>
  async (run: () => Promise<unknown>): Promise<string | null> => {
    try {
      await run();
      return null;
    } catch (e) {
      return (e as Error).message;
    } finally {
      await refresh();
    }
  };
