"use client";
// One idempotency key per thing a form creates: sent with the create, so a double click or a retry after a lost
// answer makes one thing (the server answers the repeat as it answered the first). A new key after each success.
import { useCallback, useState } from "react";

/** 128 random bits as hex: crypto.getRandomValues works on plain http too, where randomUUID does not. */
function newKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}

export function useIdempotencyKey(): { key: string; renew: () => void } {
  const [key, setKey] = useState(newKey);
  const renew = useCallback(() => setKey(newKey()), []);
  return { key, renew };
}
