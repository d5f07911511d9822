"use client";
// The checkpoint's decision: hold, revise (a new revision in the same step), escalate (a Round Table) or admit.
import type { Souls } from "./PlanPage";
import { useMutation } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import type { inferRouterInputs } from "@trpc/server";
import type { PlanView } from "@/server/actions/checkpoint";
import type { AppRouter } from "@/server/doors/trpc";
import { useTRPC } from "@/components/ui/trpc";
import { DECISION_STYLE } from "./colors";
import { messageOf, usePlanRefresh } from "./usePlan";
import { describedBy, WhyNot } from "@/components/ui/WhyNot";
import { Field } from "@/components/ui/FieldError";
import { bound } from "@/components/ui/bound";
import { Alert } from "@/components/ui/Alert";

const HELP: Record<string, string> = {
  hold: "Record that the next wave waits: evidence or recovery is requested.",
  revise: "Supersede this revision with a new graph (the old one stays visible as superseded).",
  escalate: "Ask a Round Table (hold / revise / admit); its result is advice and a person still decides.",
  admit: "Admit the next wave. Refused unless the audit says eligibleToAdmit.",
};

/** Exactly the procedure's input, so tsc checks what the form sends. */
type CheckpointInput = inferRouterInputs<AppRouter>["plans"]["checkpoint"];

const DECIDE_WHY = "Write the rationale first: a decision is recorded with its reason.";
export function DecisionForm({ view, souls }: { view: PlanView; souls: Souls }) {
  const trpc = useTRPC();
  const refresh = usePlanRefresh();
  const [decision, setDecision] = useState<CheckpointInput["decision"]>("hold");
  const [rationale, setRationale] = useState("");
  // The graph's JSON is written out only when a revision is being drafted: a thousand nodes is a long text.
  const [graph, setGraph] = useState<string | null>(null);
  const [evidence, setEvidence] = useState("");
  const [revalidated, setRevalidated] = useState("");
  const [seats, setSeats] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [said, setSaid] = useState<string | null>(null);
  const run = useMutation(
    trpc.plans.checkpoint.mutationOptions({
      onSuccess: (r) => {
        setError(null);
        setRationale("");
        setSaid(
          `Recorded: ${r.decision} at revision ${r.revision}.` +
            (r.newRevision ? ` Revision ${r.newRevision} now supersedes it.` : "") +
            (r.escalation ? ` ${r.escalation.note}` : ""),
        );
        void refresh();
      },
      onError: (e) => setError(messageOf(e)),
    }),
  );
  if (!("nextWave" in view.proposal)) return null;
  if (view.may.decide !== true)
    return (
      <section className="card p-4 text-sm text-stone-600" data-testid="decision">
        <h2 className="mb-1 font-semibold text-ink">Decide</h2>
        {view.may.decide}
      </section>
    );
  const list = (s: string) =>
    s
      .split(",")
      .map((x) => x.trim())
      .filter(Boolean);
  function submit(e: FormEvent) {
    e.preventDefault();
    const input: CheckpointInput = {
      planId: view.plan.id,
      revision: view.revision.number,
      decision,
      rationale,
    };
    if (decision === "revise") {
      let nodes: NonNullable<CheckpointInput["newRevision"]>["nodes"];
      try {
        nodes = JSON.parse(graph ?? draftOf(view));
      } catch {
        return setError("The new graph is not JSON: give a list of {id, dependsOn} nodes.");
      }
      input.newRevision = {
        nodes,
        evidenceRefs: list(evidence),
        ...(list(revalidated).length ? { revalidated: list(revalidated) } : {}),
      };
    }
    if (decision === "escalate" && seats.trim())
      input.council = {
        // "lens: person" per line: each seat worn by a named person, its soul the lens's concern.
        seats: seats.split("\n").flatMap((line) => {
          const [name, who] = line.split(":").map((x) => x.trim());
          return name && who
            ? [
                {
                  name,
                  soul: `Weigh the checkpoint from the ${name} side.`,
                  source: "pasted" as const,
                  wearer: "person" as const,
                  person: who,
                },
              ]
            : [];
        }),
      };
    run.mutate(input);
  }
  return (
    <form className="card space-y-3 p-4 text-sm" onSubmit={submit} data-testid="decision">
      <h2 className="font-semibold">Decide at this checkpoint</h2>
      <div className="flex flex-wrap gap-2" role="radiogroup">
        {view.words.decisions.map((d) => {
          const refused = d === "admit" && view.may.admit !== true;
          return (
            <label
              key={d}
              className={`flex cursor-pointer items-center gap-1.5 rounded-md border px-2.5 py-1 ${decision === d ? "border-tide" : "border-stone-300"} ${refused ? "opacity-50" : ""}`}
              title={refused ? String(view.may.admit) : HELP[d]}
            >
              <input
                type="radio"
                name="decision"
                value={d}
                checked={decision === d}
                disabled={refused}
                onChange={() => setDecision(d)}
                data-testid={`decision-${d}`}
              />
              <span className={`badge ${DECISION_STYLE[d] ?? ""}`}>{d}</span>
            </label>
          );
        })}
      </div>
      <p className="text-xs text-stone-600">{HELP[decision]}</p>
      {view.may.admit !== true ? (
        <p className="text-xs text-stone-500" data-testid="admit-refused">
          Admit: {view.may.admit}
        </p>
      ) : null}
      {decision === "revise" ? (
        <div className="space-y-2">
          <label className="label" htmlFor="revise-graph">
            The new graph (JSON nodes)
          </label>
          <textarea
            id="revise-graph"
            className="field h-40 font-mono text-xs"
            {...bound(graph ?? draftOf(view), setGraph)}
          />
          <input
            className="field"
            placeholder="Evidence references, comma-separated (e.g. h1, ticket 12)"
            {...bound(evidence, setEvidence)}
          />
          <input
            className="field"
            placeholder="Revalidated successors of a removed node, comma-separated (others are held)"
            {...bound(revalidated, setRevalidated)}
          />
        </div>
      ) : null}
      {decision === "escalate" ? (
        <Field
          id="escalate-seats"
          label={
            <>
              Round Table seats (optional: one per line, “lens: person”, {souls.min}–{souls.max})
            </>
          }
        >
          {(c) => (
            <textarea
              {...c}
              className="field h-20 font-mono text-xs"
              placeholder={"release: ann\nsecurity: bob\nusers: cy"}
              {...bound(seats, setSeats)}
            />
          )}
        </Field>
      ) : null}
      <Field id="rationale" label="Rationale">
        {(c) => (
          <textarea
            {...c}
            className="field h-16"
            {...bound(rationale, setRationale)}
            placeholder="Why this decision, in a sentence."
            data-testid={c.id}
          />
        )}
      </Field>
      <button
        className="btn"
        disabled={run.isPending || !rationale.trim()}
        {...describedBy("decide-why", rationale.trim() ? null : DECIDE_WHY)}
        data-testid="decide"
      >
        Record {decision}
      </button>
      <WhyNot id="decide-why" why={rationale.trim() ? null : DECIDE_WHY} />
      <Alert text={error} />
      {said ? (
        <p className="text-emerald-800" data-testid="decided">
          {said}
        </p>
      ) : null}
    </form>
  );
}

/** The revision's graph as editable JSON, one node a line. */
function draftOf(view: PlanView): string {
  const nodes = view.nodes.map(({ id, title, dependsOn, needsApproval }) =>
    JSON.stringify({
      id,
      ...(title ? { title } : {}),
      dependsOn,
      ...(needsApproval ? { needsApproval } : {}),
    }),
  );
  return `[\n${nodes.join(",\n")}\n]`;
}
