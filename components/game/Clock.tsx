// The clock slot: the turn window and the deadline, ticking in the browser; quorum and the commitment.
import { When } from "@/components/ui/When";
import { span } from "@/components/ui/when";

export function Clock({
  turnEndsAt,
  deadlineAt,
  turnWindowMs,
  deadlineMs,
  quorum,
  seats,
  commitment,
  now,
  started,
  endedAt,
}: {
  turnEndsAt: number | null;
  deadlineAt: number | null;
  turnWindowMs: number;
  deadlineMs: number;
  quorum: number;
  seats: number;
  commitment: string | null;
  now: number;
  /** Whether the table has started: before, the quorum is what it would be, and the seats may still change. */
  started: boolean;
  /** When the table bound or ended (its last act): after the end the clock says when, not what was to come. */
  endedAt: number | null;
}) {
  return (
    <dl className="grid grid-cols-2 gap-x-4 gap-y-1 text-sm" data-testid="clock">
      <dt className="text-stone-500">Turn window</dt>
      <dd>{turnEndsAt ? <When at={turnEndsAt} mode="left" now={now} /> : span(turnWindowMs)}</dd>
      <dt className="text-stone-500">{endedAt ? "Ended" : "Deadline"}</dt>
      <dd data-testid="deadline">
        {endedAt ? (
          <When at={endedAt} mode="ago" now={now} />
        ) : deadlineAt ? (
          <When at={deadlineAt} mode="left" now={now} />
        ) : (
          `${span(deadlineMs)} from the start`
        )}
      </dd>
      <dt className="text-stone-500">Quorum</dt>
      <dd data-testid="quorum">
        {started ? `${quorum} of ${seats}` : `${quorum} of the seats at the start`}
      </dd>
      <dt className="text-stone-500">Commitment</dt>
      <dd className="truncate font-mono text-xs" title={commitment ?? undefined}>
        {commitment ? `${commitment.slice(0, 16)}…` : "dealt at the start"}
      </dd>
    </dl>
  );
}
