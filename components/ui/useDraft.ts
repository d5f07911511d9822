"use client";
// A half-written form field that survives a reload: kept in this tab's sessionStorage under a key naming the place
// (a table's offer, say). Read as an external store, so the server's HTML and the browser's first render agree
// (both start from `initial`) and the kept draft arrives right after. Cleared when the form is sent.
import { useCallback, useMemo, useSyncExternalStore } from "react";

const listeners = new Set<() => void>();
const notify = () => listeners.forEach((l) => l());
function subscribe(listener: () => void) {
  listeners.add(listener);
  window.addEventListener("storage", listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener("storage", listener);
  };
}

/** This page's drafts: what it reads first, so typing works even where storage is refused or full. */
const memory = new Map<string, string | null>();

function read(key: string): string | null {
  if (memory.has(key)) return memory.get(key)!;
  try {
    return sessionStorage.getItem(key);
  } catch {
    return null; // storage refused (a private window): the draft lives as long as the page
  }
}

function write(key: string, value: string | null) {
  memory.set(key, value);
  try {
    if (value === null) sessionStorage.removeItem(key);
    else sessionStorage.setItem(key, value);
  } catch {
    /* refused or full: kept in memory only */
  }
  notify();
}

export function useDraft<T>(key: string, initial: T): [T, (value: T | ((was: T) => T)) => void, () => void] {
  const storageKey = `parley:draft:${key}`;
  const held = useSyncExternalStore(
    subscribe,
    () => read(storageKey),
    () => null,
  );
  // `initial` is this field's empty value; a new object each render must not make a new draft.
  // eslint-disable-next-line react-hooks/exhaustive-deps -- see above
  const empty = useMemo(() => initial, [storageKey]);
  const value = useMemo(() => {
    if (held === null) return empty;
    try {
      return JSON.parse(held) as T;
    } catch {
      return empty;
    }
  }, [held, empty]);
  const set = useCallback(
    (next: T | ((was: T) => T)) => {
      const was = (() => {
        const h = read(storageKey);
        try {
          return h === null ? empty : (JSON.parse(h) as T);
        } catch {
          return empty;
        }
      })();
      const v = typeof next === "function" ? (next as (was: T) => T)(was) : next;
      write(storageKey, JSON.stringify(v));
    },
    [storageKey, empty],
  );
  const clear = useCallback(() => write(storageKey, null), [storageKey]);
  return [value, set, clear];
}
