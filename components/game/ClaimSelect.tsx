// "Claim you want": one charter clause = one of its settings, as said on an act or in a whisper; "" for none.
import { claimText } from "./words";

export function ClaimSelect({
  id,
  charter,
  settings,
  value,
  onChange,
}: {
  /** The field's id, also its data-testid. */
  id: string;
  charter: string[];
  settings: Record<string, string[]>;
  /** "clause=setting", or "" for no claim. */
  value: string;
  onChange: (value: string) => void;
}) {
  return (
    <>
      <label className="label" htmlFor={id}>
        Claim you want (optional)
      </label>
      <select
        id={id}
        className="field"
        value={value}
        onChange={(e) => onChange(e.target.value)}
        data-testid={id}
      >
        <option value="">— no claim —</option>
        {charter.flatMap((c) =>
          (settings[c] ?? []).map((s) => (
            <option key={`${c}=${s}`} value={`${c}=${s}`}>
              {claimText({ clause: c, setting: s })}
            </option>
          )),
        )}
      </select>
    </>
  );
}
