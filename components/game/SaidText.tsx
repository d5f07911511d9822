// The said box, on an act or in a whisper: free text up to the rules' SAID_MAX, with a live count ("112/280").

/** Characters as the rules count them: Unicode code points (an emoji is one, though JavaScript's length says two). */
const codePoints = (text: string) => [...text].length;

export function SaidText({
  id,
  label,
  value,
  onChange,
  max,
  note,
  placeholder,
}: {
  /** Names the box ("said" → said-text, said-count: the field's id and test id, and its count's). */
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** The rules' SAID_MAX, passed down by the page. */
  max: number;
  /** Said after the count ("3 of 24 whispers left"). */
  note?: string;
  placeholder?: string;
}) {
  const count = codePoints(value);
  // The browser's maxLength counts UTF-16 units, the rules code points: each character that takes two units (most
  // emoji) buys one more unit, so the box holds exactly `max` characters of any kind and the count agrees with it.
  const units = max + (value.length - count);
  return (
    <div>
      <label className="label" htmlFor={`${id}-text`}>
        {label}
      </label>
      <textarea
        id={`${id}-text`}
        className="field"
        rows={2}
        maxLength={units}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        placeholder={placeholder}
        aria-describedby={`${id}-count`}
        data-testid={`${id}-text`}
      />
      <p
        id={`${id}-count`}
        className={`mt-1 text-right text-xs ${count > max - 20 ? "text-amber-800" : "text-stone-600"}`}
        data-testid={`${id}-count`}
      >
        {count}/{max} characters{note ? ` · ${note}` : ""}
      </p>
    </div>
  );
}
