// Every round so far: who answered, the chart, each answer (once the round has closed), the bad replies, the model
// calls, and the inspector's verdict after it.
import type { CouncilView, RoundView } from "@/server/actions/council";
import { When } from "@/components/ui/When";
import { RoundChart } from "./RoundChart";
import { closedWords, roundTitle } from "./roundWords";

const text = (v: unknown) => (typeof v === "string" ? v : "");

function AnswerText({ a }: { a: RoundView["answers"][number] }) {
  const r = a.reply;
  const ch = (r.challenge ?? {}) as { target?: unknown; critique?: unknown };
  const allies = Array.isArray(r.coalition_with) ? (r.coalition_with as string[]) : [];
  return (
    <div className="text-sm">
      <span className="font-medium">the {a.name} lens</span> — <code className="text-xs">{a.position}</code>{" "}
      at {a.confidence}.{" "}
      {a.round === 1 ? (
        <>
          {text(r.reasoning)}{" "}
          {text(r.what_would_change_your_mind) ? (
            <span className="text-stone-500">
              Would change its mind: {text(r.what_would_change_your_mind)}
            </span>
          ) : null}
        </>
      ) : a.round === 2 ? (
        <>
          {text(ch.target) ? (
            <>
              Challenges {text(ch.target)}: {text(ch.critique)}{" "}
            </>
          ) : null}
          <span className="text-stone-500">Update: {text(r.self_update) || "—"}.</span> {text(r.reasoning)}
        </>
      ) : a.round === 3 ? (
        <>
          {text(r.axis_that_decides_my_vote) ? (
            <>Deciding axis: {text(r.axis_that_decides_my_vote)}. </>
          ) : null}
          {allies.length ? <>Stands with {allies.join(", ")}. </> : null}
          {text(r.flip_condition) ? (
            <span className="text-stone-500">Would flip if: {text(r.flip_condition)}</span>
          ) : null}
        </>
      ) : (
        <>
          {text(r.one_line_rationale)}{" "}
          {text(r.dissent_note) ? (
            <span className="text-amber-800">Dissent: {text(r.dissent_note)}</span>
          ) : null}
        </>
      )}
    </div>
  );
}

export function Rounds({
  view,
  now,
  confidenceMax,
  onHide,
}: {
  view: CouncilView;
  now: number;
  confidenceMax: number;
  /** An admin's: hide this answer's prose (the reason is the moderator panel's). */
  onHide?: (answerId: number) => void;
}) {
  const names = view.seats.map((s) => s.name);
  const hiddenIds = new Set(view.moderation.flatMap((e) => (e.answerId === null ? [] : [e.answerId])));
  return (
    <div className="space-y-4">
      {[...view.rounds].reverse().map((r) => {
        const verdict = view.verdicts.find((x) => x.afterRound === r.round);
        const bad = view.failures.filter((f) => f.round === r.round);
        const calls = view.calls.filter((c) => c.round === r.round);
        return (
          <section
            key={r.round}
            className="card space-y-3"
            data-testid={`round-${r.round}`}
            data-open={r.open ? "yes" : "no"}
          >
            <div className="flex flex-wrap items-baseline gap-2">
              <h2 className="font-semibold">{roundTitle(r.round, r.name)}</h2>
              <span className="text-xs text-stone-500">
                {r.open ? (
                  <>
                    under way · <When at={r.deadlineAt} mode="left" now={now} />
                  </>
                ) : (
                  <>
                    {closedWords(r.closedBecause)} ·{" "}
                    <When at={r.closedAt ?? r.openedAt} mode="ago" now={now} />
                  </>
                )}
              </span>
              <span className="ml-auto text-xs text-stone-600" data-testid={`round-${r.round}-answered`}>
                {r.answered.length} answered
                {r.open && r.waiting.length ? ` · waiting for ${r.waiting.join(", ")}` : ""}
              </span>
            </div>
            {r.open && r.hidden > 0 ? (
              <p className="text-xs text-stone-500" data-testid="hidden-note">
                {r.hidden} answer{r.hidden === 1 ? " is" : "s are"} in and sealed: nobody reads another
                soul&apos;s answer until the round closes.
              </p>
            ) : null}
            {r.answers.length ? (
              <RoundChart options={view.options} answers={r.answers} names={names} max={confidenceMax} />
            ) : null}
            {r.answers.length ? (
              <ul className="space-y-1.5">
                {r.answers.map((a) => (
                  <li key={a.name} className="flex items-start gap-2">
                    <AnswerText a={a} />
                    {onHide && !hiddenIds.has(a.id) ? (
                      <button
                        className="btn-quiet text-xs"
                        data-testid="answer-hide"
                        aria-label={`Hide ${a.name}'s round ${a.round} answer`}
                        onClick={() => onHide(a.id)}
                      >
                        Hide
                      </button>
                    ) : null}
                  </li>
                ))}
              </ul>
            ) : null}
            {bad.length ? (
              <div className="rounded-md bg-rose-50 p-2 text-xs text-rose-900">
                <strong>Bad replies</strong>
                <ul className="list-disc pl-5">
                  {bad.map((f) => (
                    <li key={`${f.name}-${f.attempt}`}>
                      {f.name}, attempt {f.attempt}:{" "}
                      {f.problem ?? "refused (the reason is shown when the round closes)"}
                    </li>
                  ))}
                </ul>
              </div>
            ) : null}
            {calls.length ? (
              <details className="text-xs text-stone-600">
                <summary className="cursor-pointer">Model calls ({calls.length})</summary>
                <table className="mt-1 w-full text-left">
                  <tbody>
                    {calls.map((c) => (
                      <tr key={`${c.name}-${c.attempt}-${c.try}`} className="border-b border-stone-100">
                        <td className="py-0.5 pr-2">{c.name}</td>
                        <td className="pr-2">
                          #{c.attempt}
                          {c.try > 1 ? ` · try ${c.try}` : ""}
                        </td>
                        <td className="pr-2">
                          {c.provider} · {c.model}
                        </td>
                        <td className="pr-2 tabular-nums">
                          {c.tokensIn ?? "—"}/{c.tokensOut ?? "—"} tok
                        </td>
                        <td className="pr-2 tabular-nums">
                          {c.latencyMs === null ? "—" : `${c.latencyMs} ms`}
                        </td>
                        <td className="pr-2 tabular-nums">
                          {c.costUsd === null ? "—" : `$${c.costUsd.toFixed(4)}`}
                        </td>
                        <td className={c.ok === false ? "text-rose-700" : ""}>
                          {c.ok === null
                            ? "asking…"
                            : c.ok
                              ? "ok"
                              : `failed: ${c.error}${c.retryAt ? " · tried again" : ""}`}
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </details>
            ) : null}
            {verdict && verdict.afterRound < 4 && verdict.verdict !== "ESCALATE" ? (
              <p className="rounded-md bg-stone-50 p-2 text-sm" data-testid={`verdict-${r.round}`}>
                <span className="text-xs uppercase text-stone-500">The inspector: </span>
                <code className="text-xs">{verdict.line}</code>
                {verdict.ask
                  ? verdict.confirmed === null
                    ? " — waiting for the facilitator."
                    : ` — ${verdict.confirmedBy ?? "the deadline"} answered ${verdict.confirmed ? "yes" : "no"}.`
                  : null}
                {verdict.departure ? (
                  <span className="mt-1 block text-stone-700" data-testid={`departure-${r.round}`}>
                    {verdict.departure}
                  </span>
                ) : null}
              </p>
            ) : null}
            {r.round === 2 && view.axes && view.rounds.some((x) => x.round === 3) ? (
              <div className="text-sm">
                <span className="text-xs uppercase text-stone-500">Axes for round 3:</span>
                <ul className="list-disc pl-5">
                  {view.axes.map((a) => (
                    <li key={a}>{a}</li>
                  ))}
                </ul>
              </div>
            ) : null}
          </section>
        );
      })}
    </div>
  );
}
