// How the decision is counted and paced: the aggregator, the values keywords a dissent may name, the round deadline.
import { Field } from "@/components/ui/FieldError";
import type { ConveneDraft } from "./draft";
import type { ConveneLimits } from "./types";
import { Options } from "@/components/ui/Options";

type Counting = Pick<ConveneDraft, "aggregator" | "keywords" | "deadlineMinutes">;

export function CountingFields({
  draft,
  set,
  limits,
}: {
  draft: Counting;
  set: (patch: Partial<Counting>) => void;
  limits: ConveneLimits;
}) {
  return (
    <div className="grid gap-3 md:grid-cols-3">
      <Field id="aggregator" field="aggregator" label="The vote is counted by">
        {(c) => (
          <select
            {...c}
            value={draft.aggregator}
            onChange={(e) =>
              set({ aggregator: limits.aggregators.find((a) => a === e.target.value) ?? draft.aggregator })
            }
          >
            <Options values={limits.aggregators} />
          </select>
        )}
      </Field>
      <Field id="keywords" field="values_keywords" label="Values keywords (a dissent naming one escalates)">
        {(c) => <input {...c} value={draft.keywords} onChange={(e) => set({ keywords: e.target.value })} />}
      </Field>
      <Field id="deadline" field="round_deadline_ms" label="Each round closes after (minutes)">
        {(c) => (
          <input
            {...c}
            type="number"
            min={limits.deadlineMinMinutes}
            max={limits.deadlineMaxMinutes}
            value={draft.deadlineMinutes}
            onChange={(e) => set({ deadlineMinutes: Number(e.target.value) })}
          />
        )}
      </Field>
    </div>
  );
}
