"use client";
// The convene form: one decision (question, context, options, how the vote is counted) and its seats — each soul's
// text and where it came from (pasted, an uploaded file, a person's one-line habit) and who wears it.
import { useState } from "react";
import { FieldErrors } from "@/components/ui/FieldError";
import { conveneBody } from "./draft";
import { FitCheck, unfit, type Fit } from "./FitCheck";
import { DecisionSection } from "./DecisionSection";
import { SeatsSection } from "./SeatsSection";
import type { ConveneLimits } from "./types";
import { useConveneDraft } from "./useConveneDraft";
import { useConveneSubmit } from "./useConveneSubmit";

export function ConveneForm({ limits }: { limits: ConveneLimits }) {
  const { draft, set, setOption, addOption, setSeat, addSeat, removeSeat } = useConveneDraft(limits);
  const { submit, pending, error } = useConveneSubmit();
  const [fit, setFit] = useState<Fit>({ decision: "", options: "", stakes: "" });
  const why = unfit(fit);
  return (
    <FieldErrors error={error}>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          if (!why) void submit(conveneBody(draft, fit));
        }}
        className="space-y-6"
        data-testid="convene-form"
      >
        <FitCheck fit={fit} max={limits.fitMax} onChange={setFit} />
        <DecisionSection
          draft={draft}
          limits={limits}
          set={set}
          setOption={setOption}
          addOption={addOption}
        />
        <SeatsSection
          seats={draft.seats}
          limits={limits}
          setSeat={setSeat}
          addSeat={addSeat}
          removeSeat={removeSeat}
        />
        {error ? (
          <p
            className="rounded-md bg-rose-50 p-3 text-sm text-rose-800"
            role="alert"
            data-testid="convene-error"
          >
            {error.text}
          </p>
        ) : null}
        <button
          className="btn"
          disabled={pending || why !== null}
          aria-describedby={why ? "convene-unfit" : undefined}
          data-testid="convene-submit"
        >
          Convene — round 1 opens at once
        </button>
        {why ? (
          <p id="convene-unfit" className="text-sm text-stone-700" data-testid="convene-unfit">
            {why}
          </p>
        ) : null}
      </form>
    </FieldErrors>
  );
}
