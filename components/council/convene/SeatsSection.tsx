// The souls of the convene form: one editor per seat, and a seat added or removed within the rules' bounds.
import type { SeatDraft } from "./draft";
import { SeatEditor } from "./SeatEditor";
import type { ConveneLimits } from "./types";

export function SeatsSection({
  seats,
  limits,
  setSeat,
  addSeat,
  removeSeat,
}: {
  seats: SeatDraft[];
  limits: ConveneLimits;
  setSeat: (i: number, patch: Partial<SeatDraft>) => void;
  addSeat: () => void;
  removeSeat: (i: number) => void;
}) {
  return (
    <section className="card space-y-4">
      <h2 className="font-semibold">
        The souls ({seats.length} of {limits.seatsMin}–{limits.seatsMax})
      </h2>
      {seats.map((s, i) => (
        <SeatEditor
          key={i}
          i={i}
          seat={s}
          limits={limits}
          set={(patch) => setSeat(i, patch)}
          remove={seats.length > limits.seatsMin ? () => removeSeat(i) : undefined}
        />
      ))}
      {seats.length < limits.seatsMax ? (
        <button type="button" className="btn-quiet" onClick={addSeat} data-testid="add-seat">
          + seat
        </button>
      ) : null}
    </section>
  );
}
