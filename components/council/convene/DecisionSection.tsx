// The decision of the convene form: the one question, the context the souls may use, its options and its counting.
import { FieldError, useFieldError } from "@/components/ui/FieldError";
import { CountingFields } from "./CountingFields";
import type { ConveneDraft } from "./draft";
import { OptionsEditor } from "./OptionsEditor";
import type { ConveneLimits } from "./types";

type Fields = Omit<ConveneDraft, "options" | "seats">;

export function DecisionSection({
  draft,
  limits,
  set,
  setOption,
  addOption,
}: {
  draft: ConveneDraft;
  limits: ConveneLimits;
  set: (patch: Partial<Fields>) => void;
  setOption: (i: number, value: string) => void;
  addOption: () => void;
}) {
  return (
    <section className="card space-y-4">
      <h2 className="font-semibold">The decision</h2>
      <div>
        <label className="label" htmlFor="question">
          Question
        </label>
        <input
          id="question"
          {...useFieldError("question", "question")}
          className="field"
          value={draft.question}
          maxLength={limits.questionMax}
          required
          placeholder="Should we adopt the borrowed persona pattern for onboarding?"
          onChange={(e) => set({ question: e.target.value })}
          data-testid="convene-question"
        />
        <FieldError field="question" id="question" />
      </div>
      <div>
        <label className="label" htmlFor="context">
          Context — every fact the souls may use (they cannot look anything up)
        </label>
        <textarea
          id="context"
          {...useFieldError("context", "context")}
          className="field min-h-24"
          value={draft.context}
          onChange={(e) => set({ context: e.target.value })}
          data-testid="convene-context"
        />
        <FieldError field="context" id="context" />
      </div>
      <OptionsEditor
        options={draft.options}
        min={limits.optionsMin}
        max={limits.optionsMax}
        setOption={setOption}
        addOption={addOption}
      />
      <CountingFields draft={draft} set={set} limits={limits} />
    </section>
  );
}
