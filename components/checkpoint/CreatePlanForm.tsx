"use client";
// Create a plan: a name and its graph typed line by line, or a JSON graph or a whole declaration pasted to import.
import { useMutation } from "@tanstack/react-query";
import type { inferRouterInputs } from "@trpc/server";
import { useRouter } from "next/navigation";
import { useState, type FormEvent } from "react";
import type { AppRouter } from "@/server/doors/trpc";
import { useTRPC } from "@/components/ui/trpc";
import {
  Field,
  FieldError,
  FieldErrors,
  fieldProps,
  formError,
  type FormError,
} from "@/components/ui/FieldError";
import { useIdempotencyKey } from "@/components/ui/useIdempotencyKey";
import { describedBy, WhyNot } from "@/components/ui/WhyNot";
import { bound, boundNumber } from "@/components/ui/bound";

/** The inputs the graph field writes: a refusal about any of them is shown under it. */
const GRAPH_FIELDS = ["nodes", "waves", "declaration"] as const;

/** What the graph field gives the create procedure: nodes (and waves), or a declaration to import. */
type Graph = Pick<inferRouterInputs<AppRouter>["plans"]["create"], "nodes" | "waves" | "declaration">;

const EXAMPLE =
  "scan: Scan dependencies\ninspect-call-sites <- scan\npatch-X: Patch X <- inspect-call-sites\npublish! <- patch-X";

/**
 * One node a line: `id`, `id: title`, then `<- a, b` for what it depends on; a `!` after the id marks a node whose
 * wave needs approval. Text that starts with `{` is JSON: a graph {nodes, waves?} or a declaration (graphRevision).
 */
export function parseGraphText(text: string): Graph {
  const trimmed = text.trim();
  if (trimmed.startsWith("{")) {
    // Pasted JSON is the server's to check: a graph's fields go as they are, a declaration whole.
    const json = JSON.parse(trimmed);
    if ("graphRevision" in json) return { declaration: json };
    return { nodes: json.nodes, ...(json.waves ? { waves: json.waves } : {}) };
  }
  const nodes = trimmed
    .split("\n")
    .map((line) => line.trim())
    .filter(Boolean)
    .map((line) => {
      const [head = "", deps = ""] = line.split("<-");
      const [rawId = "", ...title] = head.split(":");
      const gated = rawId.trim().endsWith("!");
      const id = rawId.trim().replace(/!$/, "");
      return {
        id,
        ...(title.join(":").trim() ? { title: title.join(":").trim() } : {}),
        dependsOn: deps
          .split(",")
          .map((d) => d.trim())
          .filter(Boolean),
        ...(gated ? { needsApproval: true } : {}),
      };
    });
  return { nodes };
}

export function CreatePlanForm() {
  const trpc = useTRPC();
  const router = useRouter();
  const [name, setName] = useState("");
  const [graph, setGraph] = useState(EXAMPLE);
  const [approvers, setApprovers] = useState(1);
  const [visibility, setVisibility] = useState<"public" | "signed_in" | "invited">("invited");
  const [ttlHours, setTtlHours] = useState("");
  const [error, setError] = useState<FormError | null>(null);
  const invalid = (field: string | readonly string[], id: string) => fieldProps(error, field, id);
  const once = useIdempotencyKey();
  const create = useMutation(
    trpc.plans.create.mutationOptions({
      onSuccess: (r) => {
        once.renew();
        router.push(`/plans/${r.id}`);
      },
      onError: (e) => setError(formError(e)),
    }),
  );
  function submit(e: FormEvent) {
    e.preventDefault();
    let parsed: Graph;
    try {
      parsed = parseGraphText(graph);
    } catch {
      return setError({ field: "nodes", text: "That JSON does not parse: check the brackets and quotes." });
    }
    const hours = ttlHours.trim();
    if (hours !== "" && !(Number(hours) > 0))
      return setError({
        field: "approvalTtlMs",
        text: "Give the approval's life in hours, or leave it empty.",
      });
    create.mutate({
      idempotencyKey: once.key,
      name,
      requiredApprovers: approvers,
      visibility,
      ...(hours === "" ? {} : { approvalTtlMs: Math.round(Number(hours) * 3_600_000) }),
      ...parsed,
    });
  }
  return (
    <FieldErrors error={error}>
      <form className="card space-y-4" onSubmit={submit} data-testid="create-plan">
        <div className="grid gap-4 md:grid-cols-[1fr_200px_160px_200px]">
          <Field id="plan-name" field="name" label="Name">
            {(c) => <input {...c} {...bound(name, setName)} placeholder="e.g. Patch package X safely" />}
          </Field>
          <Field id="plan-approvers" field="requiredApprovers" label="Approvers per gated wave">
            {(c) => <input {...c} type="number" min={1} max={9} {...boundNumber(approvers, setApprovers)} />}
          </Field>
          <Field id="plan-visibility" label="Who reads it">
            {(c) => (
              <select
                {...c}
                value={visibility}
                onChange={(e) => setVisibility(e.target.value as typeof visibility)}
                data-testid="plan-visibility-select"
              >
                <option value="invited">invited: its owner and members</option>
                <option value="signed_in">signed in: anyone signed in</option>
                <option value="public">public: anyone</option>
              </select>
            )}
          </Field>
          <Field id="plan-ttl" field="approvalTtlMs" label="An approval counts for (hours)">
            {(c) => (
              <input
                {...c}
                inputMode="decimal"
                {...bound(ttlHours, setTtlHours)}
                placeholder="empty: until a new revision"
              />
            )}
          </Field>
        </div>
        <p className="text-xs text-stone-600">
          Approvers, authority and resources are roles you give on the plan&apos;s page once it is made: only
          they approve and confirm, never you for a wave you proposed.
        </p>
        <div>
          <label className="label" htmlFor="plan-graph">
            The graph
          </label>
          <textarea
            id="plan-graph"
            {...invalid(GRAPH_FIELDS, "plan-graph")}
            className="field h-56 font-mono text-xs"
            {...bound(graph, setGraph)}
            data-testid="plan-graph"
          />
          <FieldError field={GRAPH_FIELDS} id="plan-graph" />
          <p className="mt-1 text-xs text-stone-600">
            One node a line: <code>id</code> or <code>id: title</code>, then <code>&lt;- a, b</code> for the
            nodes it depends on; <code>!</code> after the id marks a node whose wave needs approval. Or paste
            JSON: a graph{" "}
            <code>
              {"{"}&quot;nodes&quot;: [{"{"}&quot;id&quot;, &quot;title&quot;?, &quot;dependsOn&quot;,
              &quot;needsApproval&quot;?{"}"}], &quot;waves&quot;?{"}"}
            </code>{" "}
            (any other key is refused by name) or a whole checkpoint declaration to import its outcomes and
            risks. Waves are derived by longest path unless given.
          </p>
        </div>
        <button
          className="btn"
          disabled={create.isPending || !name.trim()}
          {...describedBy("create-plan-why", name.trim() ? null : "Name the plan first.")}
          data-testid="create-plan-submit"
        >
          Create the plan
        </button>
        <WhyNot id="create-plan-why" why={name.trim() ? null : "Name the plan first."} />
        {error ? (
          <p className="text-sm text-red-700" role="alert">
            {error.text}
          </p>
        ) : null}
      </form>
    </FieldErrors>
  );
}
