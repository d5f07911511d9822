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
}: {
  turnEndsAt: number | null;
  deadlineAt: number | null;
  turnWindowMs: number;
  deadlineMs: number;
  quorum: number;
  seats: number;
  commitment: string | null;
  now: number;
}) {
  return (
    <dl className="grid grid-cols-2 gap-x-4 gap-y-1 text-sm" data-testid="clock">
      <dt className="text-stone-500">Turn window</dt>
      <dd>{turnEndsAt ? <When at={turnEndsAt} mode="left" now={now} /> : span(turnWindowMs)}</dd>
      <dt className="text-stone-500">Deadline</dt>
      <dd>
        {deadlineAt ? <When at={deadlineAt} mode="left" now={now} /> : `${span(deadlineMs)} from the start`}
      </dd>
      <dt className="text-stone-500">Quorum</dt>
      <dd data-testid="quorum">
        {quorum} of {seats}
      </dd>
      <dt className="text-stone-500">Commitment</dt>
      <dd className="truncate font-mono text-xs" title={commitment ?? undefined}>
        {commitment ? `${commitment.slice(0, 16)}…` : "dealt at the start"}
      </dd>
    </dl>
  );
}
