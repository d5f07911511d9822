"use client";
// A person's answer to the open round: the round's fields as a form, the choices the server offers (options, other
// seats, the confidences the round accepts), and the server's sentence when it refuses.
import { useState } from "react";
import { bound } from "@/components/ui/bound";
import { Field } from "@/components/ui/FieldError";
import { useDraft } from "@/components/ui/useDraft";
import type { YourRound } from "@/server/actions/council";
import { Options } from "@/components/ui/Options";

type Send = (reply: Record<string, unknown>) => Promise<string | null>;

/** What a field is told: its id (also in its test id), its label, and the state it shows. */
type Bound = { id: string; label: string; value: string; set: (v: string) => void };

function Select({
  id,
  label,
  value,
  set,
  choices,
  testid,
}: Bound & { choices: (string | number)[]; testid: string }) {
  return (
    <Field id={id} label={label}>
      {(c) => (
        <select {...c} {...bound(value, set)} required data-testid={testid}>
          <option value="">— choose —</option>
          <Options values={choices} />
        </select>
      )}
    </Field>
  );
}

function Text({
  id,
  label,
  value,
  set,
  long,
  max,
  placeholder,
  required = true,
}: Bound & { long?: boolean; max?: number; placeholder?: string; required?: boolean }) {
  const props = {
    ...bound(value, set),
    maxLength: max,
    placeholder,
    required,
    "data-testid": `answer-${id}`,
  };
  return (
    <Field id={id} label={label}>
      {(c) =>
        long ? <textarea {...c} className="field min-h-20" {...props} /> : <input {...c} {...props} />
      }
    </Field>
  );
}

export function AnswerForm({ your, send, draftKey }: { your: YourRound; send: Send; draftKey: string }) {
  // A half-written answer survives a reload (this tab only), until it is sent.
  const [f, setF, clearF] = useDraft<Record<string, string>>(`${draftKey}:fields`, {});
  const [allies, setAllies, clearAllies] = useDraft<string[]>(`${draftKey}:allies`, []);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const v = (k: string) => f[k] ?? "";
  const set = (k: string) => (x: string) => setF((p) => ({ ...p, [k]: x }));

  function reply(): Record<string, unknown> {
    const position = v("position");
    const confidence = Number(v("confidence"));
    switch (your.round) {
      case 1:
        return {
          position,
          reasoning: v("reasoning"),
          confidence_now: confidence,
          what_would_change_your_mind: v("change"),
        };
      case 2:
        return {
          challenge: { target: v("target"), critique: v("critique") },
          self_update: v("update"),
          position,
          reasoning: v("reasoning"),
          confidence_now: confidence,
        };
      case 3:
        return {
          axis_that_decides_my_vote: v("axis"),
          coalition_with: allies,
          flip_condition: v("flip"),
          position,
          confidence_now: confidence,
        };
      default:
        return {
          final_vote: position,
          final_confidence: confidence,
          one_line_rationale: v("rationale"),
          dissent_note: v("dissent").trim() === "" ? null : v("dissent"),
        };
    }
  }

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    setBusy(true);
    setError(null);
    const err = await send(reply());
    setBusy(false);
    if (err) setError(err);
    else {
      clearF();
      clearAllies();
    }
  }

  const position = (
    <Select
      id="position"
      label={your.round === 4 ? "Your binding vote" : "Your position"}
      value={v("position")}
      set={set("position")}
      choices={your.options}
      testid="answer-position"
    />
  );
  const confidence = (
    <Select
      id="confidence"
      label={your.round === 4 ? "Final confidence (never the middle)" : "Confidence now"}
      value={v("confidence")}
      set={set("confidence")}
      choices={your.confidences}
      testid="answer-confidence"
    />
  );

  return (
    <form onSubmit={submit} className="space-y-3" data-testid="answer-form" data-round={your.round}>
      {your.lastProblem ? (
        <p className="rounded-md bg-amber-50 p-3 text-sm text-amber-900" role="alert">
          Your last reply was refused: {your.lastProblem} This is your last chance this round — a second bad
          reply empties your seat.
        </p>
      ) : null}
      <details className="text-xs text-stone-600">
        <summary className="cursor-pointer">What this round asks (the prompt every soul gets)</summary>
        <pre
          className="mt-2 max-h-72 overflow-auto whitespace-pre-wrap rounded bg-stone-50 p-3"
          tabIndex={0}
          aria-label="The round's prompt"
        >
          {your.prompt}
        </pre>
      </details>
      {your.round === 2 ? (
        <div className="grid gap-3 md:grid-cols-2">
          <Select
            id="target"
            label="Challenge one soul"
            value={v("target")}
            set={set("target")}
            choices={your.others}
            testid="answer-target"
          />
          <Text
            id="critique"
            label="The weakest point in their case"
            value={v("critique")}
            set={set("critique")}
            long
          />
        </div>
      ) : null}
      {your.round === 3 ? (
        <div className="space-y-3">
          <div>
            <label className="label" htmlFor="axis">
              The axis that decides your vote
            </label>
            <input
              id="axis"
              list="axes"
              className="field"
              value={v("axis")}
              required
              onChange={(e) => set("axis")(e.target.value)}
              data-testid="answer-axis"
            />
            <datalist id="axes">
              {your.axes.map((a) => (
                <option key={a} value={a} />
              ))}
            </datalist>
            {your.axes.length ? (
              <ul className="mt-1 list-disc pl-5 text-xs text-stone-600">
                {your.axes.map((a) => (
                  <li key={a}>{a}</li>
                ))}
              </ul>
            ) : null}
          </div>
          <fieldset>
            <legend className="label">You stand with</legend>
            <div className="flex flex-wrap gap-3 text-sm">
              {your.others.map((o) => (
                <label key={o} className="inline-flex items-center gap-1">
                  <input
                    type="checkbox"
                    checked={allies.includes(o)}
                    onChange={(e) =>
                      setAllies(e.target.checked ? [...allies, o] : allies.filter((x) => x !== o))
                    }
                  />
                  {o}
                </label>
              ))}
            </div>
          </fieldset>
          <Text id="flip" label="What would flip you to another option" value={v("flip")} set={set("flip")} />
        </div>
      ) : null}
      <div className="grid gap-3 md:grid-cols-2">
        {position}
        {confidence}
      </div>
      {your.round === 1 || your.round === 2 ? (
        <Text
          id="reasoning"
          label="Your reasoning (2–4 sentences)"
          value={v("reasoning")}
          set={set("reasoning")}
          long
        />
      ) : null}
      {your.round === 1 ? (
        <Text id="change" label="What would change your mind" value={v("change")} set={set("change")} />
      ) : null}
      {your.round === 2 ? (
        <div>
          <Text
            id="update"
            label='What the others changed in your view (or exactly "no change")'
            value={v("update")}
            set={set("update")}
          />
          <button
            type="button"
            className="mt-1 text-xs text-tide underline"
            onClick={() => set("update")("no change")}
          >
            nothing moved me: “no change”
          </button>
        </div>
      ) : null}
      {your.round === 4 ? (
        <>
          <Text
            id="rationale"
            label={`One-line rationale (at most ${your.rationaleMax} characters)`}
            value={v("rationale")}
            set={set("rationale")}
            max={your.rationaleMax}
          />
          <Text
            id="dissent"
            label="Dissent to put on record (optional)"
            value={v("dissent")}
            set={set("dissent")}
            required={false}
          />
        </>
      ) : null}
      {error ? (
        <p
          className="rounded-md bg-rose-50 p-3 text-sm text-rose-800"
          role="alert"
          data-testid="answer-error"
        >
          {error}
        </p>
      ) : null}
      <button className="btn" disabled={busy} data-testid="answer-submit">
        {your.round === 4 ? "Cast my binding vote" : `Answer round ${your.round}`}
      </button>
    </form>
  );
}
