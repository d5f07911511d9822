"use client";
// Step 0 of the original skill: is this a Round Table question? Three things must hold, in its own words; when one
// does not, the form says why a Round Table does not fit and convenes nothing.
export type Fit = { decision: boolean; options: boolean; stakes: boolean };

export const FIT_QUESTIONS: { key: keyof Fit; label: string; otherwise: string }[] = [
  {
    key: "decision",
    label: "A decision, not a topic: something will be done differently depending on the answer.",
    otherwise: "a topic to explore is better looked at one perspective at a time than voted on",
  },
  {
    key: "options",
    label: "Canonical options, 2–4 of them, that the souls vote between.",
    otherwise: "without 2–4 options there is nothing to vote on: propose them first and agree on them",
  },
  {
    key: "stakes",
    label: "Stakes: being wrong is expensive or hard to reverse.",
    otherwise:
      "four rounds and a confidence vote are reserved for expensive decisions; a cheap one is just made",
  },
];

/** Why a Round Table does not fit, or null when all three hold. */
export function unfit(fit: Fit): string | null {
  const failing = FIT_QUESTIONS.filter((q) => !fit[q.key]);
  if (failing.length === 0) return null;
  return `A Round Table does not fit yet: ${failing.map((q) => q.otherwise).join("; ")}.`;
}

export function FitCheck({ fit, onChange }: { fit: Fit; onChange: (fit: Fit) => void }) {
  return (
    <fieldset className="card space-y-2" data-testid="fit-check">
      <legend className="font-semibold">Is this a Round Table question?</legend>
      <p className="text-sm text-stone-600">Convene only when all three hold.</p>
      {FIT_QUESTIONS.map((q) => (
        <label key={q.key} className="flex items-start gap-2 text-sm">
          <input
            type="checkbox"
            className="mt-1"
            checked={fit[q.key]}
            onChange={(e) => onChange({ ...fit, [q.key]: e.target.checked })}
            data-testid={`fit-${q.key}`}
          />
          <span>{q.label}</span>
        </label>
      ))}
    </fieldset>
  );
}
