// The decision's options: a slot per option, the first ones required, one more while the rules allow it.
import { FieldError, useFieldError } from "@/components/ui/FieldError";

export function OptionsEditor({
  options,
  min,
  max,
  setOption,
  addOption,
}: {
  options: string[];
  min: number;
  max: number;
  setOption: (i: number, value: string) => void;
  addOption: () => void;
}) {
  return (
    <div>
      <span className="label">
        Options ({min}–{max} short slugs, e.g. adopt-modified)
      </span>
      <div className="flex flex-wrap gap-2">
        {options.map((o, i) => (
          <OptionInput key={i} i={i} value={o} required={i < min} set={(v) => setOption(i, v)} />
        ))}
        {options.length < max ? (
          <button type="button" className="btn-quiet" onClick={addOption} data-testid="add-option">
            + option
          </button>
        ) : null}
      </div>
      {options.map((_, i) => (
        <FieldError key={i} field={`options.${i}`} id={`option-${i}`} />
      ))}
    </div>
  );
}

function OptionInput({
  i,
  value,
  required,
  set,
}: {
  i: number;
  value: string;
  required: boolean;
  set: (v: string) => void;
}) {
  return (
    <input
      className="field w-44"
      aria-label={`Option ${i + 1}`}
      {...useFieldError(`options.${i}`, `option-${i}`)}
      value={value}
      required={required}
      onChange={(e) => set(e.target.value)}
      data-testid={`option-${i}`}
    />
  );
}
