"use client";
// The facilitator's steps, offered only when the server says they may be taken: answer the inspector's question,
// write (or accept the drafted) axes before round 3, record the human ruling on an escalation.
import type { inferRouterInputs } from "@trpc/server";
import { useState } from "react";
import type { CouncilView } from "@/server/actions/council";
import type { AppRouter } from "@/server/doors/trpc";
import type { CouncilLimits } from "./limits";
import { bound } from "@/components/ui/bound";
import { Alert } from "@/components/ui/Alert";
import { Options } from "@/components/ui/Options";

type CouncilInputs = inferRouterInputs<AppRouter>["councils"];
/** What each step sends besides the table: exactly the tRPC procedure's input, so tsc checks the panel. */
export type StepBodies = {
  [K in "confirm" | "axes" | "draftAxes" | "ruling"]: Omit<CouncilInputs[K], "councilId">;
};
export type Step = <T extends keyof StepBodies>(step: T, body: StepBodies[T]) => Promise<string | null>;

/** Ask a model seat of the table, or a provider with a key, to draft the axes from rounds 1–2. */
function AskModel({
  view,
  step,
  onError,
}: {
  view: CouncilView;
  step: Step;
  onError: (e: string | null) => void;
}) {
  const { seats, providers } = view.axesDrafters;
  const choices = [...seats.map((s) => `seat:${s}`), ...providers.map((p) => `provider:${p}`)];
  const [who, setWho] = useState(choices[0] ?? "");
  const [pending, setPending] = useState(false);
  if (!view.draftAxes || choices.length === 0) return null;
  const ask = async () => {
    setPending(true);
    const [kind, name] = [who.slice(0, who.indexOf(":")), who.slice(who.indexOf(":") + 1)];
    onError(await step("draftAxes", kind === "seat" ? { seat: name } : { provider: name as "anthropic" }));
    setPending(false);
  };
  return (
    <div className="flex flex-wrap items-center gap-2 text-xs">
      <label htmlFor="axes-drafter">Ask a model to draft them:</label>
      <select
        id="axes-drafter"
        className="field w-auto py-1 text-xs"
        {...bound(who, setWho)}
        data-testid="axes-drafter"
      >
        <Options
          values={choices}
          say={(c) => (c.startsWith("seat:") ? `the ${c.slice(5)} soul` : c.slice(9))}
        />
      </select>
      <button
        type="button"
        className="btn-quiet"
        disabled={pending}
        onClick={() => void ask()}
        data-testid="axes-ask-model"
      >
        {pending ? "Drafting…" : "Draft with the model"}
      </button>
    </div>
  );
}

function Axes({ view, step, limits }: { view: CouncilView; step: Step; limits: CouncilLimits }) {
  const [text, setText] = useState(() => (view.axes ?? view.draftAxes ?? []).join("\n"));
  const [error, setError] = useState<string | null>(null);
  const run = async (body: StepBodies["axes"]) => setError(await step("axes", body));
  const waiting = view.phase.kind === "axes";
  return (
    <div className="space-y-2" data-testid="axes-panel">
      <h3 className="text-sm font-semibold">
        {waiting ? "Round 3 waits for your axes" : "Round 3's disagreement axes"}
      </h3>
      <p className="text-xs text-stone-600">
        {limits.axesMin} to {limits.axesMax} lines, one axis each. Round 3 asks every soul which one decides
        its vote.
        {view.draftAxes
          ? view.draftAxesBy
            ? ` ${view.draftAxesBy} drafted these from rounds 1 and 2; edit them, or accept the draft.`
            : " The engine's template drafted these from rounds 1 and 2; edit them, accept the draft, or ask a model."
          : " The engine drafts them once round 2 closes."}
      </p>
      <AskModel view={view} step={step} onError={setError} />
      <textarea
        className="field min-h-24 font-mono text-xs"
        {...bound(text, setText)}
        aria-label="Axes, one per line"
        data-testid="axes-text"
      />
      <div className="flex flex-wrap gap-2">
        <button
          type="button"
          className="btn"
          onClick={() =>
            void run({
              axes: text
                .split("\n")
                .map((l) => l.trim())
                .filter(Boolean),
            })
          }
          data-testid="axes-save"
        >
          Use these axes
        </button>
        {view.draftAxes ? (
          <button
            type="button"
            className="btn-quiet"
            onClick={() => void run({ accept_draft: true })}
            data-testid="axes-accept"
          >
            Accept the draft
          </button>
        ) : null}
      </div>
      {view.axes ? (
        <p className="text-xs text-stone-500">
          Saved: {view.axes.length} axes. You may change them until round 3 opens.
        </p>
      ) : null}
      <Alert text={error} className="text-sm text-rose-700" />
    </div>
  );
}

function Ruling({ view, step }: { view: CouncilView; step: Step }) {
  const [choice, setChoice] = useState("");
  const [reason, setReason] = useState("");
  const [error, setError] = useState<string | null>(null);
  return (
    <form
      className="space-y-2"
      onSubmit={async (e) => {
        e.preventDefault();
        setError(await step("ruling", { choice, reason }));
      }}
      data-testid="ruling-form"
    >
      <h3 className="text-sm font-semibold">Record the human ruling</h3>
      <p className="text-xs text-stone-600">
        The table escalated. Your ruling is recorded beside its result, never instead of it.
      </p>
      <select className="field" {...bound(choice, setChoice)} required aria-label="Ruling">
        <option value="">— choose —</option>
        <Options values={[...view.options, view.noDecision]} />
      </select>
      <textarea
        className="field min-h-16"
        {...bound(reason, setReason)}
        required
        placeholder="Why, in your words"
        aria-label="Reason"
      />
      <button className="btn">Record the ruling</button>
      <Alert text={error} className="text-sm text-rose-700" />
    </form>
  );
}

export function FacilitatorPanel({
  view,
  step,
  limits,
}: {
  view: CouncilView;
  step: Step;
  limits: CouncilLimits;
}) {
  const [error, setError] = useState<string | null>(null);
  const phase = view.phase;
  const shown = view.may.confirm === true || view.may.axes === true || view.may.ruling === true;
  if (!shown) return null;
  const pressing =
    view.may.confirm === true || view.may.ruling === true || phase.kind === "axes" || !!view.draftAxes;
  return (
    <section
      className={`card space-y-4 ${pressing ? "ring-2 ring-teal-500" : ""}`}
      data-testid="facilitator-panel"
    >
      <h2 className="font-semibold">{pressing ? "You facilitate: a step is yours" : "You facilitate"}</h2>
      {view.may.confirm === true && phase.kind === "confirm" ? (
        <div className="space-y-2 rounded-md bg-teal-50 p-3" data-testid="confirm-panel">
          <p className="text-sm">
            <code className="text-xs">{phase.verdict}</code> — {phase.ask}
          </p>
          <div className="flex gap-2">
            <button
              className="btn"
              onClick={async () => setError(await step("confirm", { confirm: true }))}
              data-testid="confirm-yes"
            >
              Yes
            </button>
            <button
              className="btn-quiet"
              onClick={async () => setError(await step("confirm", { confirm: false }))}
              data-testid="confirm-no"
            >
              No, run the next round
            </button>
          </div>
          <Alert text={error} className="text-sm text-rose-700" />
        </div>
      ) : null}
      {view.may.axes === true && (phase.kind === "axes" || view.draftAxes) ? (
        <Axes view={view} step={step} limits={limits} />
      ) : null}
      {view.may.axes === true && phase.kind !== "axes" && !view.draftAxes ? (
        <details className="text-sm" data-testid="axes-early">
          <summary className="cursor-pointer text-stone-600">
            {view.axes
              ? "Round 3's axes are written; change them"
              : "Write round 3's axes early (the engine drafts them once round 2 closes)"}
          </summary>
          <div className="mt-2">
            <Axes view={view} step={step} limits={limits} />
          </div>
        </details>
      ) : null}
      {view.may.ruling === true ? <Ruling view={view} step={step} /> : null}
    </section>
  );
}
