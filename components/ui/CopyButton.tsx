"use client";
// Copies a text to the clipboard and says so. Where the Clipboard API is refused (plain http on another host), it
// selects the text instead, so the reader's own copy takes it.
import { useState } from "react";

export function CopyButton({
  text,
  target,
  label = "Copy",
}: {
  text: string;
  target?: string;
  label?: string;
}) {
  const [said, setSaid] = useState<string | null>(null);
  async function copy() {
    try {
      await navigator.clipboard.writeText(text);
      setSaid("Copied");
    } catch {
      const el = target ? document.getElementById(target) : null;
      if (el) window.getSelection()?.selectAllChildren(el);
      setSaid("Selected: press Ctrl+C (⌘C) to copy");
    }
  }
  return (
    <span className="inline-flex items-center gap-2">
      <button
        type="button"
        className="btn-quiet px-2 py-1 text-xs"
        onClick={() => void copy()}
        data-testid="copy"
      >
        {label}
      </button>
      <span className="text-xs text-stone-700" role="status">
        {said}
      </span>
    </span>
  );
}
