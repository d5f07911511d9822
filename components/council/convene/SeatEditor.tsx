// One seat of the convene form: its name, where its soul comes from and who wears it, then what each of those needs.
import type { SeatDraft } from "./draft";
import { Field, FieldError } from "@/components/ui/FieldError";
import { SoulInput } from "./SoulInput";
import type { ConveneLimits } from "./types";
import { WearerInput } from "./WearerInput";

export function SeatEditor({
  i,
  seat,
  set,
  remove,
  limits,
}: {
  i: number;
  seat: SeatDraft;
  set: (s: Partial<SeatDraft>) => void;
  remove?: () => void;
  limits: ConveneLimits;
}) {
  const id = (f: string) => `seat-${i}-${f}`;
  return (
    <fieldset className="space-y-3 rounded-md border border-stone-200 p-4" data-testid={`seat-${i}`}>
      <legend className="px-1 text-sm font-semibold">Seat {i + 1}</legend>
      <FieldError field={`seats.${i}`} id={`seat-${i}`} />
      <div className="grid gap-3 md:grid-cols-3">
        <Field id={id("name")} label="Name">
          {(c) => (
            <input
              {...c}
              value={seat.name}
              maxLength={limits.seatNameMax}
              required
              placeholder="finance"
              onChange={(e) => set({ name: e.target.value })}
              data-testid={c.id}
            />
          )}
        </Field>
        <Field id={id("source")} label="The soul comes from">
          {(c) => (
            <select
              {...c}
              value={seat.source}
              onChange={(e) => set({ source: e.target.value as SeatDraft["source"] })}
              data-testid={c.id}
            >
              <option value="pasted">pasted persona text</option>
              <option value="uploaded">an uploaded file</option>
              <option value="habit">a person&apos;s one-line habit</option>
            </select>
          )}
        </Field>
        <Field id={id("wearer")} label="Worn by">
          {(c) => (
            <select
              {...c}
              value={seat.wearer}
              onChange={(e) => set({ wearer: e.target.value as SeatDraft["wearer"] })}
              data-testid={c.id}
            >
              <option value="person">a person (answers in the browser)</option>
              <option value="agent">an agent (token; JSON API or MCP)</option>
              <option value="model">a model the server runs</option>
            </select>
          )}
        </Field>
      </div>
      <SoulInput id={id} seat={seat} set={set} habitMax={limits.habitMax} />
      <WearerInput id={id} seat={seat} set={set} providers={limits.providers} />
      {remove ? (
        <button type="button" className="btn-quiet text-xs" onClick={remove}>
          Remove this seat
        </button>
      ) : null}
    </fieldset>
  );
}
