"use client";
// A big revision's changes as lists: counted by kind (nodes added, removed, retitled; edges added, removed), each
// kind a list of its own that opens on demand, a page at a time, and one box to find a node or an edge in them all.
import { useMemo, useState } from "react";
import { findInChanges, type ChangeGroup } from "./revisionChanges";
import { bound } from "@/components/ui/bound";

/** How many items of a kind are shown before "show more". */
const PAGE = 50;

export function ChangeList({ groups }: { groups: ChangeGroup[] }) {
  const [query, setQuery] = useState("");
  const found = useMemo(() => findInChanges(groups, query), [groups, query]);
  return (
    <div className="space-y-1.5" data-testid="change-list">
      <p className="flex flex-wrap gap-x-3 font-medium">
        {groups.map((g) => (
          <span key={g.kind} data-testid="change-count">
            {g.items.length.toLocaleString("en")} {g.kind}
          </span>
        ))}
      </p>
      <label className="flex items-center gap-1.5">
        <span className="sr-only">Find in the changes</span>
        <input
          type="search"
          className="field py-1 text-xs"
          placeholder="Find a node or an edge in the changes"
          {...bound(query, setQuery)}
          data-testid="change-search"
        />
      </label>
      {found.length === 0 ? <p className="text-stone-600">Nothing in the changes matches.</p> : null}
      {found.map((g) => (
        <Kind key={`${g.kind}:${query}`} group={g} open={!!query.trim()} />
      ))}
    </div>
  );
}

function Kind({ group, open }: { group: ChangeGroup; open: boolean }) {
  const [shown, setShown] = useState(PAGE);
  return (
    <details open={open} className="rounded border border-stone-200 px-2 py-1" data-kind={group.kind}>
      <summary className="cursor-pointer">
        {group.kind} ({group.items.length.toLocaleString("en")})
      </summary>
      <ul className="mt-1 max-h-64 space-y-0.5 overflow-auto font-mono">
        {group.items.slice(0, shown).map((item) => (
          <li key={item} className="break-all">
            {item}
          </li>
        ))}
      </ul>
      {group.items.length > shown ? (
        <button type="button" className="mt-1 underline" onClick={() => setShown((n) => n + PAGE * 4)}>
          show more ({(group.items.length - shown).toLocaleString("en")} left)
        </button>
      ) : null}
    </details>
  );
}
