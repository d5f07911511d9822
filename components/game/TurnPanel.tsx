"use client";
// Your turn: the offer form (pick a setting per clause on the grid), accept with a cite, pass, each with the
// server's refusal sentence when `may` refuses it; what the standing offer would pay you.
import { useState } from "react";
import { useDraft } from "@/components/ui/useDraft";
import type { Accord, Claim, May } from "@/server/rules/game";
import { CharterGrid } from "./CharterGrid";
import { ClaimList } from "./ClaimList";
import { keptClaims } from "./claimDraft";
import { SaidText } from "./SaidText";
import { claimText } from "./words";
import type { Charge } from "@/server/rules/game";
import type { inferRouterInputs } from "@trpc/server";
import type { AppRouter } from "@/server/doors/trpc";
import { bound } from "@/components/ui/bound";
import { Alert } from "@/components/ui/Alert";

type TableInputs = inferRouterInputs<AppRouter>["tables"];
/** What each act sends besides the table: exactly the tRPC procedure's input, so tsc checks the form. */
export type ActBodies = { [K in "offer" | "accept" | "pass"]: Omit<TableInputs[K], "tableId"> };
export type Send = <T extends keyof ActBodies>(type: T, body: ActBodies[T]) => Promise<string | null>;

export function TurnPanel({
  may,
  yourPayoff,
  charter,
  settings,
  standing,
  charge,
  saidMax,
  claimsMax,
  send,
  draftKey,
  startClaims = [],
}: {
  may: May;
  yourPayoff: number | null;
  charter: string[];
  settings: Record<string, string[]>;
  standing: Accord | null;
  charge: Charge | null;
  /** The rules' cap on said text, passed down by the page. */
  saidMax: number;
  /** The rules' cap on said claims (SAID_CLAIMS_MAX), passed down by the page. */
  claimsMax: number;
  send: Send;
  /** Names this table's half-written offer, kept through a reload. */
  draftKey: string;
  /** The claims the list shows before anything is drafted (the style guide's example); none at a table. */
  startClaims?: Claim[];
}) {
  const [picked, setPicked, clearPicked] = useDraft<Accord>(`${draftKey}:accord`, { ...(standing ?? {}) });
  const [cite, setCite] = useState<string>("");
  const [text, setText, clearText] = useDraft(`${draftKey}:said`, "");
  const [draftClaims, setClaims, clearClaims] = useDraft<unknown>(`${draftKey}:claims`, startClaims);
  const claims = keptClaims(charter, settings, draftClaims, claimsMax);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const said = () => {
    const s: { text?: string; claims?: Claim[] } = {};
    if (text.trim()) s.text = text.trim();
    if (claims.length) s.claims = claims;
    return Object.keys(s).length ? { said: s } : {};
  };
  const go = async <T extends keyof ActBodies>(type: T, body: ActBodies[T]) => {
    setBusy(true);
    setError(null);
    const err = await send(type, { ...body, ...said() });
    setBusy(false);
    if (err) setError(err);
    else {
      clearText();
      clearClaims();
      clearPicked();
      setCite("");
    }
  };
  const complete = charter.every((c) => picked[c]);
  const refusal = (v: true | string) => (v === true ? null : v);

  return (
    <div className="space-y-4" data-testid="turn-panel">
      <div className="flex flex-wrap items-center gap-3 text-sm">
        <span>
          The standing offer would pay you{" "}
          <strong data-testid="your-payoff">
            {yourPayoff === null ? "— (no offer stands)" : yourPayoff}
          </strong>
          {charge ? <span className="text-stone-500"> · your fallback is {charge.fallback}</span> : null}
        </span>
      </div>
      <section className="space-y-2">
        <h3 className="text-sm font-semibold">Offer an accord</h3>
        <p className="text-xs text-stone-500">Pick one setting for every clause; your aims carry ★.</p>
        <CharterGrid
          charter={charter}
          settings={settings}
          standing={standing}
          charge={charge}
          picked={picked}
          onPick={(c, s) => setPicked((p) => ({ ...p, [c]: s }))}
        />
      </section>
      <section className="grid gap-3 md:grid-cols-2">
        <SaidText
          id="said"
          label="Say something (optional)"
          value={text}
          onChange={setText}
          max={saidMax}
          placeholder="Talk is cheap…"
        />
        <ClaimList
          id="said"
          charter={charter}
          settings={settings}
          max={claimsMax}
          claims={claims}
          onChange={setClaims}
          where="an act"
        />
      </section>
      <div className="flex flex-wrap items-end gap-3">
        <button
          className="btn"
          disabled={busy || may.offer !== true || !complete}
          onClick={() => go("offer", { accord: picked })}
          aria-describedby="may-refusals"
          data-testid="act-offer"
        >
          Offer this accord
        </button>
        <span className="flex items-end gap-2">
          {may.cite.length > 1 ? (
            <select
              className="field w-auto"
              {...bound(cite, setCite)}
              aria-label="Aim to swear"
              data-testid="cite"
            >
              <option value="">swear: {claimText(may.cite[0]!)} (default)</option>
              {may.cite.slice(1).map((c) => (
                <option key={`${c.clause}=${c.setting}`} value={`${c.clause}=${c.setting}`}>
                  swear: {claimText(c)}
                </option>
              ))}
            </select>
          ) : null}
          <button
            className="btn"
            disabled={busy || may.accept !== true}
            onClick={() => {
              const [clause = "", setting = ""] = cite.split("=");
              void go("accept", cite ? { cite: { clause, setting } } : {});
            }}
            aria-describedby="may-refusals"
            data-testid="act-accept"
          >
            Accept{may.cite.length === 1 ? ` (swear ${claimText(may.cite[0]!)})` : ""}
          </button>
        </span>
        <button
          className="btn-quiet"
          disabled={busy || may.pass !== true}
          onClick={() => go("pass", {})}
          aria-describedby="may-refusals"
          data-testid="act-pass"
        >
          Pass
        </button>
      </div>
      <ul id="may-refusals" className="space-y-0.5 text-xs text-stone-600" data-testid="may-refusals">
        {refusal(may.offer) ? (
          <li>Offer: {refusal(may.offer)}</li>
        ) : !complete ? (
          <li data-testid="offer-incomplete">
            Offer: pick a setting for every clause ({charter.filter((c) => !picked[c]).length} left).
          </li>
        ) : null}
        {refusal(may.accept) ? <li>Accept: {refusal(may.accept)}</li> : null}
        {refusal(may.pass) ? <li>Pass: {refusal(may.pass)}</li> : null}
      </ul>
      <Alert text={error} className="text-sm text-rose-700" testId="act-error" />
    </div>
  );
}
