// A seat's soul, asked for as its source needs it: an uploaded file, a person's one-line habit, or pasted text.
import type { SeatDraft } from "./draft";

export function SoulInput({
  id,
  seat,
  set,
  habitMax,
}: {
  id: (field: string) => string;
  seat: SeatDraft;
  set: (s: Partial<SeatDraft>) => void;
  habitMax: number;
}) {
  if (seat.source === "uploaded")
    return (
      <div>
        <label className="label" htmlFor={id("file")}>
          Persona file
        </label>
        <input
          id={id("file")}
          type="file"
          accept=".md,.txt,text/plain,text/markdown"
          className="text-sm"
          onChange={async (e) => {
            const f = e.target.files?.[0];
            if (f) set({ soul: await f.text(), label: f.name });
          }}
          data-testid={id("file")}
        />
        {seat.label ? (
          <p className="mt-1 text-xs text-stone-500">
            {seat.label} — {seat.soul.length} characters
          </p>
        ) : null}
      </div>
    );
  if (seat.source === "habit")
    return (
      <div>
        <label className="label" htmlFor={id("soul")}>
          The habit (one line)
        </label>
        <input
          id={id("soul")}
          className="field"
          value={seat.soul}
          maxLength={habitMax}
          placeholder="Always asks who pays for it in a year."
          onChange={(e) => set({ soul: e.target.value })}
          data-testid={id("soul")}
        />
      </div>
    );
  return (
    <div>
      <label className="label" htmlFor={id("soul")}>
        Persona text
      </label>
      <textarea
        id={id("soul")}
        className="field min-h-20"
        value={seat.soul}
        placeholder="Who this soul is, what it values, how it argues."
        onChange={(e) => set({ soul: e.target.value })}
        data-testid={id("soul")}
      />
    </div>
  );
}
