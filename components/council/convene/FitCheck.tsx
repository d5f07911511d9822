"use client";
// Step 0 of the original skill: is this a Round Table question? The convener answers three questions in one sentence
// each (decision, options, stakes); they are sent as `fit`, open the minutes and stand beside the decision in the log.
// The server refuses a convening without them, naming the missing answer.
import { FieldError, useFieldError } from "@/components/ui/FieldError";

export type Fit = { decision: string; options: string; stakes: string };

export const FIT_QUESTIONS: { key: keyof Fit; label: string; example: string; otherwise: string }[] = [
  {
    key: "decision",
    label: "What will be done differently depending on the answer?",
    example: "We sign the vendor contract this quarter, or keep building in-house.",
    otherwise: "say what will be done differently — a topic to explore is not voted on",
  },
  {
    key: "options",
    label: "Why these options?",
    example: "They are the only two the budget allows; a hybrid was costed and dropped.",
    otherwise: "say why these 2–4 options — without canonical options there is nothing to vote on",
  },
  {
    key: "stakes",
    label: "What does a wrong call cost?",
    example: "A three-year lock-in: the wrong vendor costs a year to unwind.",
    otherwise: "say what a wrong call costs — a cheap decision is just made",
  },
];

/** What is still unanswered, or null when all three are. */
export function unfit(fit: Fit): string | null {
  const failing = FIT_QUESTIONS.filter((q) => fit[q.key].trim() === "");
  if (failing.length === 0) return null;
  return `Answer Step 0 first: ${failing.map((q) => q.otherwise).join("; ")}.`;
}

function FitField({
  q,
  value,
  max,
  onChange,
}: {
  q: (typeof FIT_QUESTIONS)[number];
  value: string;
  max: number;
  onChange: (v: string) => void;
}) {
  const id = `fit-${q.key}`;
  const invalid = useFieldError(`fit.${q.key}`, id);
  return (
    <div>
      <label className="label" htmlFor={id}>
        {q.label}
      </label>
      <input
        id={id}
        {...invalid}
        aria-describedby={invalid["aria-describedby"] ?? `${id}-example`}
        className="field"
        value={value}
        maxLength={max}
        required
        onChange={(e) => onChange(e.target.value)}
        data-testid={id}
      />
      <p id={`${id}-example`} className="mt-1 text-xs text-stone-600">
        For example: “{q.example}”
      </p>
      <FieldError field={`fit.${q.key}`} id={id} />
    </div>
  );
}

export function FitCheck({ fit, max, onChange }: { fit: Fit; max: number; onChange: (fit: Fit) => void }) {
  return (
    <fieldset className="card space-y-3" data-testid="fit-check">
      <legend className="font-semibold">Step 0 — is this a Round Table question?</legend>
      <p className="text-sm text-stone-600">
        Convene only for a decision with 2–4 canonical options and real stakes. One sentence each: they open
        the minutes and stand beside the outcome in the decisions log.
      </p>
      {FIT_QUESTIONS.map((q) => (
        <FitField
          key={q.key}
          q={q}
          value={fit[q.key]}
          max={max}
          onChange={(v) => onChange({ ...fit, [q.key]: v })}
        />
      ))}
    </fieldset>
  );
}
