// The decision of the convene form: the one question, the context the souls may use, its options and its counting.
import { Field } from "@/components/ui/FieldError";
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
      <Field id="question" field="question" label="Question">
        {(c) => (
          <input
            {...c}
            value={draft.question}
            maxLength={limits.questionMax}
            required
            placeholder="Should we adopt the borrowed persona pattern for onboarding?"
            onChange={(e) => set({ question: e.target.value })}
            data-testid="convene-question"
          />
        )}
      </Field>
      <Field
        id="context"
        field="context"
        label="Context — every fact the souls may use (they cannot look anything up)"
      >
        {(c) => (
          <textarea
            {...c}
            className="field min-h-24"
            value={draft.context}
            onChange={(e) => set({ context: e.target.value })}
            data-testid="convene-context"
          />
        )}
      </Field>
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
