"use client";
// One round table, live: who has answered, each round's positions and confidences, the inspector's verdicts, the
// vote and the decision block — for the facilitator, the seats and any watcher, without reload.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { CouncilView } from "@/server/actions/council";
import { useTRPC } from "@/components/ui/trpc";
import { useLive } from "@/components/ui/useLive";
import { trying } from "@/components/ui/useAttempt";
import { When } from "@/components/ui/When";
import { InvitationBanner, VisibilityControl } from "@/components/ui/Access";
import { ModerationLog, ModeratorPanel, useModerator } from "@/components/ui/Moderation";
import { AnswerForm } from "./AnswerForm";
import { Decision } from "./Decision";
import { FacilitatorPanel, type Step, type StepBodies } from "./FacilitatorPanel";
import type { CouncilLimits } from "./limits";
import { Rounds } from "./Rounds";
import { roundTitle } from "./roundWords";
import { FitView } from "./FitView";
import { SeatsPanel } from "./SeatsPanel";

export function PhaseLine({ view, now }: { view: CouncilView; now: number }) {
  const p = view.phase;
  switch (p.kind) {
    case "round":
      return (
        <>
          {roundTitle(p.round, p.name)} is under way, <When at={p.deadlineAt} mode="left" now={now} />;
          waiting for {p.waiting.join(", ") || "nobody"}.
        </>
      );
    case "confirm":
      return (
        <>
          The inspector asks the facilitator ({p.verdict}); without an answer,{" "}
          <When at={p.deadlineAt} mode="left" now={now} />, the answer is no.
        </>
      );
    case "axes":
      return (
        <>
          Round 3 waits for the facilitator&apos;s axes; without them,{" "}
          <When at={p.deadlineAt} mode="left" now={now} />,{" "}
          {view.draftAxesBy ? `the draft by ${view.draftAxesBy} is used` : "the engine's draft is used"}.
        </>
      );
    case "finished":
      return <>Finished — {view.status}.</>;
    case "record":
      return <>An imported record: nobody answers it.</>;
    case "consent":
      return (
        <>
          Round 1 opens once every invited wearer has said yes; waiting for {p.waiting.join(", ")} (the
          facilitator may give a seat to another wearer).
        </>
      );
  }
}

export function CouncilLive({ initial, limits }: { initial: CouncilView; limits: CouncilLimits }) {
  const trpc = useTRPC();
  const qc = useQueryClient();
  const opts = trpc.councils.state.queryOptions({ councilId: initial.id });
  const { data } = useQuery({ ...opts, initialData: initial });
  const v = data ?? initial;
  const refresh = () => qc.invalidateQueries({ queryKey: opts.queryKey });
  useLive([`council:${initial.id}`], () => void refresh());
  const m = {
    answer: useMutation(trpc.councils.answer.mutationOptions()),
    confirm: useMutation(trpc.councils.confirm.mutationOptions()),
    axes: useMutation(trpc.councils.axes.mutationOptions()),
    draftAxes: useMutation(trpc.councils.draftAxes.mutationOptions()),
    ruling: useMutation(trpc.councils.ruling.mutationOptions()),
    visibility: useMutation(trpc.councils.setVisibility.mutationOptions()),
    hideAnswer: useMutation(trpc.moderation.hideAnswer.mutationOptions()),
    hideSoul: useMutation(trpc.moderation.hideSoul.mutationOptions()),
    cancel: useMutation(trpc.moderation.cancelCouncil.mutationOptions()),
  };
  const attempt = trying(refresh);
  const now = Date.parse(v.now);
  const { admin, reason, setReason, problem: modProblem, moderate } = useModerator(attempt);
  const hideAnswer = admin
    ? (answerId: number) => moderate(() => m.hideAnswer.mutateAsync({ councilId: v.id, answerId, reason }))
    : undefined;
  const hideSoul = admin
    ? (seat: string) => moderate(() => m.hideSoul.mutateAsync({ councilId: v.id, seat, reason }))
    : undefined;

  const send = (reply: Record<string, unknown>) =>
    attempt(() => m.answer.mutateAsync({ councilId: v.id, round: v.yourRound?.round, reply }));
  const steps: { [K in keyof StepBodies]: (body: StepBodies[K]) => Promise<unknown> } = {
    confirm: (body) => m.confirm.mutateAsync({ ...body, councilId: v.id }),
    axes: (body) => m.axes.mutateAsync({ ...body, councilId: v.id }),
    draftAxes: (body) => m.draftAxes.mutateAsync({ ...body, councilId: v.id }),
    ruling: (body) => m.ruling.mutateAsync({ ...body, councilId: v.id }),
  };
  const step: Step = (which, body) => attempt(() => steps[which](body));

  return (
    <div className="space-y-6" data-testid="council-view" data-phase={v.phase.kind} data-status={v.status}>
      <header className="space-y-1">
        <p className="text-xs uppercase tracking-wide text-stone-500">
          Round Table {v.id}
          {v.demo ? " · demo" : ""}
          {v.imported ? ` · imported from ${v.stateId}` : ""}
        </p>
        <h1 className="text-2xl font-semibold" data-testid="council-question">
          {v.question}
        </h1>
        <p className="text-sm text-stone-600">
          Facilitated by <strong>{v.facilitator.name}</strong> ·{" "}
          <span data-testid="council-status">{v.status}</span> · convened{" "}
          <When at={v.createdAt} mode="ago" now={now} /> · counted by{" "}
          <code className="text-xs">{v.aggregator}</code>
        </p>
        <p className="text-sm" data-testid="phase-line">
          <PhaseLine view={v} now={now} />
        </p>
        <VisibilityControl
          value={v.visibility}
          text={v.visibilityText}
          owner={v.you.facilitator}
          onChange={(visibility) => attempt(() => m.visibility.mutateAsync({ councilId: v.id, visibility }))}
        />
        <p className="flex flex-wrap gap-3 text-sm">
          <a href={`/councils/${v.id}/minutes`} data-testid="minutes-link">
            The minutes
          </a>
          <a href={`/councils/${v.id}/minutes.md`} download={`round-table-${v.id}-minutes.md`}>
            minutes.md
          </a>
          <a
            href={`/api/councils/${v.id}/state.json`}
            download={`round-table-${v.id}.json`}
            data-testid="state-link"
          >
            state.json
          </a>
        </p>
      </header>

      <Decision view={v} />
      <InvitationBanner
        what="wear the seat"
        invitations={v.invitations}
        to={{ kind: "council", id: v.id }}
        attempt={attempt}
      />

      <div className="grid gap-6 lg:grid-cols-[1fr_21rem]">
        <div className="space-y-6">
          {v.yourRound ? (
            <section className="card space-y-3 border-teal-400" data-testid="your-round">
              <h2 className="font-semibold">
                Your seat, {v.you.seat}: {roundTitle(v.yourRound.round, v.yourRound.name, "round")}
              </h2>
              <p className="text-xs text-stone-500">
                Nobody sees your answer until the round closes.{" "}
                <When at={v.yourRound.deadlineAt} mode="left" now={now} />.
              </p>
              <AnswerForm
                key={`${v.yourRound.round}-${v.yourRound.attempt}`}
                your={v.yourRound}
                send={send}
                draftKey={`council:${v.id}:round:${v.yourRound.round}`}
              />
            </section>
          ) : v.you.seat && v.phase.kind === "round" ? (
            <section className="card text-sm text-stone-600" data-testid="your-round-done">
              {typeof v.may.answer === "string" ? v.may.answer : ""}
            </section>
          ) : null}
          <FacilitatorPanel
            key={[...(v.draftAxes ?? []), v.draftAxesBy].join("|")}
            view={v}
            step={step}
            limits={limits}
          />
          <Rounds view={v} now={now} confidenceMax={limits.confidenceMax} onHide={hideAnswer} />
        </div>
        <aside className="space-y-6">
          <ModerationLog entries={v.moderation} now={now} />
          {admin ? (
            <ModeratorPanel
              what="round table"
              reason={reason}
              setReason={setReason}
              problem={modProblem}
              onCancel={
                v.closedAt === null && !v.imported
                  ? () => moderate(() => m.cancel.mutateAsync({ councilId: v.id, reason }))
                  : undefined
              }
            />
          ) : null}
          <FitView view={v} />
          <SeatsPanel view={v} onHide={hideSoul} />
          <section className="card space-y-2 text-sm">
            <h2 className="font-semibold">Context and options</h2>
            <p className="whitespace-pre-wrap text-stone-700">{v.context || "(no context given)"}</p>
            <p>
              Options:{" "}
              {v.options.map((o) => (
                <code key={o} className="mr-1 rounded bg-stone-100 px-1 text-xs">
                  {o}
                </code>
              ))}
            </p>
            <p className="text-xs text-stone-500">
              Values keywords: {v.valuesKeywords.join(", ") || "none"}
              {v.imported
                ? " · imported from a state file"
                : ` · each round closes after ${Math.round(v.roundDeadlineMs / 60_000)} min`}
            </p>
          </section>
        </aside>
      </div>
    </div>
  );
}
