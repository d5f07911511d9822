// A seat's soul, asked for as its source needs it: an uploaded file, a person's one-line habit, or pasted text.
import { Field } from "@/components/ui/FieldError";
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
      <Field id={id("file")} label="Persona file">
        {(c) => (
          <>
            <input
              {...c}
              type="file"
              accept=".md,.txt,text/plain,text/markdown"
              className="text-sm"
              onChange={async (e) => {
                const f = e.target.files?.[0];
                if (f) set({ soul: await f.text(), label: f.name });
              }}
              data-testid={c.id}
            />
            {seat.label ? (
              <p className="mt-1 text-xs text-stone-500">
                {seat.label} — {seat.soul.length} characters
              </p>
            ) : null}
          </>
        )}
      </Field>
    );
  if (seat.source === "habit")
    return (
      <Field id={id("soul")} label="The habit (one line)">
        {(c) => (
          <input
            {...c}
            value={seat.soul}
            maxLength={habitMax}
            placeholder="Always asks who pays for it in a year."
            onChange={(e) => set({ soul: e.target.value })}
            data-testid={c.id}
          />
        )}
      </Field>
    );
  return (
    <Field id={id("soul")} label="Persona text">
      {(c) => (
        <textarea
          {...c}
          className="field min-h-20"
          value={seat.soul}
          placeholder="Who this soul is, what it values, how it argues."
          onChange={(e) => set({ soul: e.target.value })}
          data-testid={c.id}
        />
      )}
    </Field>
  );
}
