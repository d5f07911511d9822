"use client";
// "Claims you want", on an act or in a whisper: a list of clause = setting, each added, changed or removed in place,
// one per clause and up to the rules' cap (the add button says when the list is full).
import { useEffect, useRef } from "react";
import type { Claim } from "@/server/rules/game";
import { claimRoom, clausesFor, withClause, withNewClaim, withSetting, without } from "./claimDraft";
import { claimText, say } from "./words";
import { Options } from "@/components/ui/Options";

export function ClaimList({
  id,
  charter,
  settings,
  max,
  claims,
  onChange,
  where,
}: {
  /** Names the list's parts: `${id}-claim-add`, `${id}-claim` (each row), `${id}-claim-0-clause`… */
  id: string;
  charter: string[];
  settings: Record<string, string[]>;
  /** The rules' SAID_CLAIMS_MAX, passed down by the page. */
  max: number;
  claims: Claim[];
  onChange: (claims: Claim[]) => void;
  /** What carries the claims, for the sentence at the limit ("an act", "a whisper"). */
  where: string;
}) {
  const room = claimRoom(charter, max);
  const full = claims.length >= room;
  // Keyboard users land where the list changed: on the new claim's clause, or after a removal on the next claim's
  // remove button (the add button when none is left), never back at the top of the page.
  const focusNext = useRef<string | null>(null);
  useEffect(() => {
    if (focusNext.current === null) return;
    document.getElementById(focusNext.current)?.focus();
    focusNext.current = null;
  });
  const add = () => {
    focusNext.current = `${id}-claim-${claims.length}-clause`;
    onChange(withNewClaim(charter, settings, claims, max));
  };
  const remove = (i: number) => {
    focusNext.current = i < claims.length - 1 ? `${id}-claim-${i}-remove` : `${id}-claim-add`;
    onChange(without(claims, i));
  };
  const roomId = `${id}-claims-room`;

  return (
    <fieldset className="min-w-0 space-y-2" data-testid={`${id}-claims`}>
      <legend className="label">Claims you want (optional)</legend>
      {claims.length ? (
        <ol className="max-w-md space-y-2">
          {claims.map((k, i) => (
            // By place, not by clause: changing a claim's clause must keep its row (and the focus in it).
            // On a phone the numbers give way to the settings ("to the finders" is the widest): each row keeps one line.
            <li key={i} className="flex items-center gap-1.5" data-testid={`${id}-claim`}>
              <span
                className="w-4 shrink-0 text-right text-xs text-stone-600 max-sm:hidden"
                aria-hidden="true"
              >
                {i + 1}.
              </span>
              <label className="sr-only" htmlFor={`${id}-claim-${i}-clause`}>
                Claim {i + 1}: clause
              </label>
              <select
                id={`${id}-claim-${i}-clause`}
                className="field w-26! flex-none px-2!"
                value={k.clause}
                onChange={(e) => onChange(withClause(settings, claims, i, e.target.value))}
                data-testid={`${id}-claim-clause`}
              >
                <Options values={clausesFor(charter, claims, i)} />
              </select>
              <span className="shrink-0 text-sm text-stone-600" aria-hidden="true">
                =
              </span>
              <label className="sr-only" htmlFor={`${id}-claim-${i}-setting`}>
                Claim {i + 1}: setting of {k.clause}
              </label>
              <select
                id={`${id}-claim-${i}-setting`}
                className="field min-w-0 flex-1 px-2!"
                value={k.setting}
                onChange={(e) => onChange(withSetting(claims, i, e.target.value))}
                data-testid={`${id}-claim-setting`}
              >
                <Options values={settings[k.clause] ?? []} say={(s) => say(s)} />
              </select>
              <button
                type="button"
                id={`${id}-claim-${i}-remove`}
                className="btn-quiet shrink-0 px-2!"
                title="Remove this claim"
                onClick={() => remove(i)}
                data-testid={`${id}-claim-remove`}
              >
                <span aria-hidden="true">✕</span>
                <span className="sr-only">
                  Remove claim {i + 1} ({claimText(k)})
                </span>
              </button>
            </li>
          ))}
        </ol>
      ) : null}
      <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
        <button
          type="button"
          id={`${id}-claim-add`}
          className="btn-quiet"
          disabled={full}
          onClick={add}
          aria-describedby={roomId}
          data-testid={`${id}-claim-add`}
        >
          + Add a claim
        </button>
        <span id={roomId} className="text-xs text-stone-600" data-testid={roomId}>
          {full
            ? `${claims.length} of ${room}: the most ${where} may carry, one per clause.`
            : `${claims.length} of ${room}, one per clause; the reveal marks each true or false.`}
        </span>
      </div>
    </fieldset>
  );
}
