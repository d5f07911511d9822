// How the decision is counted and paced: the aggregator, the values keywords a dissent may name, the round deadline.
import { FieldError, useFieldError } from "@/components/ui/FieldError";
import type { ConveneDraft } from "./draft";
import type { ConveneLimits } from "./types";

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
      <div>
        <label className="label" htmlFor="aggregator">
          The vote is counted by
        </label>
        <select
          id="aggregator"
          {...useFieldError("aggregator", "aggregator")}
          className="field"
          value={draft.aggregator}
          onChange={(e) =>
            set({ aggregator: limits.aggregators.find((a) => a === e.target.value) ?? draft.aggregator })
          }
        >
          {limits.aggregators.map((a) => (
            <option key={a} value={a}>
              {a}
            </option>
          ))}
        </select>
        <FieldError field="aggregator" id="aggregator" />
      </div>
      <div>
        <label className="label" htmlFor="keywords">
          Values keywords (a dissent naming one escalates)
        </label>
        <input
          id="keywords"
          {...useFieldError("values_keywords", "keywords")}
          className="field"
          value={draft.keywords}
          onChange={(e) => set({ keywords: e.target.value })}
        />
        <FieldError field="values_keywords" id="keywords" />
      </div>
      <div>
        <label className="label" htmlFor="deadline">
          Each round closes after (minutes)
        </label>
        <input
          id="deadline"
          {...useFieldError("round_deadline_ms", "deadline")}
          type="number"
          min={limits.deadlineMinMinutes}
          max={limits.deadlineMaxMinutes}
          className="field"
          value={draft.deadlineMinutes}
          onChange={(e) => set({ deadlineMinutes: Number(e.target.value) })}
        />
        <FieldError field="round_deadline_ms" id="deadline" />
      </div>
    </div>
  );
}
