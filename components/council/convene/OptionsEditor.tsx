// The decision's options: a slot per option, the first ones required, one more while the rules allow it.
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
          <input
            key={i}
            className="field w-44"
            aria-label={`Option ${i + 1}`}
            value={o}
            required={i < min}
            onChange={(e) => setOption(i, e.target.value)}
            data-testid={`option-${i}`}
          />
        ))}
        {options.length < max ? (
          <button type="button" className="btn-quiet" onClick={addOption} data-testid="add-option">
            + option
          </button>
        ) : null}
      </div>
    </div>
  );
}
