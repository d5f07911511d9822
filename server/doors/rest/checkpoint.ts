// The JSON API of Wave checkpoints, under /api/plans: plans, revisions, outcomes, risks, gates, checkpoints, audits.
import {
  approve,
  assessRisk,
  confirmAssignment,
  createPlan,
  listPlans,
  planView,
  postOutcome,
  postOutcomes,
  readAudit,
  revisePlan,
  runCheckpoint,
  ZApprove,
  ZAssessRisk,
  ZCheckpoint,
  ZConfirm,
  ZCreatePlan,
  ZOutcome,
  ZPostOutcomes,
  ZRevise,
} from "../../actions/checkpoint";
import { ok } from "../../rules/result";
import { route, type RestRoute } from "./route";

const tag = "plans";

/** ?justFinished=a,b&nextWave=c — the waves to audit instead of the plan's proposal. */
function waveQuery(query: URLSearchParams) {
  const list = (key: string) => {
    const raw = query.get(key);
    return raw === null ? undefined : raw.split(",");
  };
  const asked = { justFinished: list("justFinished"), nextWave: list("nextWave") };
  return Object.fromEntries(Object.entries(asked).filter(([, v]) => v !== undefined));
}

export const PLAN_ROUTES: RestRoute[] = [
  route({
    method: "GET",
    path: "/api/plans",
    tag,
    summary:
      "Every plan, newest first: latest revision, node and outcome counts, the last checkpoint's decision.",
    call: ({ db, who }) => listPlans(db, who),
  }),
  route({
    method: "POST",
    path: "/api/plans",
    tag,
    summary:
      "Create a plan (people): {name, nodes: [{id, title?, dependsOn, needsApproval?}], waves?, requiredApprovers?} or {name, declaration} to import a whole checkpoint declaration.",
    body: ZCreatePlan,
    status: 201,
    call: ({ db, who, clock, body }) => createPlan(db, who, body, new Date(clock())),
  }),
  route({
    method: "GET",
    path: "/api/plans/:id",
    tag,
    summary:
      "The plan at its latest revision (?revision=N for an older, superseded one): lanes, nodes with outcomes, findings and risks, the proposal, gates, history, and what you may do.",
    call: ({ db, who, clock, params, query }) =>
      planView(db, who, { id: params.id, revision: query.get("revision") }, clock()),
  }),
  route({
    method: "POST",
    path: "/api/plans/:id/revisions",
    tag,
    summary:
      "Revise (the owner or their agent): the whole new graph, its parent (the latest), rationale and evidence references; a prune holds each successor that consumed a removed output unless listed as revalidated.",
    body: ZRevise,
    status: 201,
    call: ({ db, who, clock, params, body }) =>
      revisePlan(db, who, { id: params.id, body }, new Date(clock())),
  }),
  route({
    method: "POST",
    path: "/api/plans/:id/outcomes",
    tag,
    summary:
      "Report one node's outcome (the owner or their orchestrator agent): {nodeId, status, evidenceHash, provenance?}.",
    body: ZOutcome,
    status: 201,
    call: ({ db, who, clock, params, body }) =>
      postOutcome(db, who, { id: params.id, body }, new Date(clock())),
  }),
  route({
    method: "POST",
    path: "/api/plans/:id/outcomes/batch",
    tag,
    summary: "Report several outcomes at once, all or none: {outcomes: [...]}.",
    body: ZPostOutcomes,
    status: 201,
    call: ({ db, who, clock, params, body }) =>
      postOutcomes(db, who, { id: params.id, body }, new Date(clock())),
  }),
  route({
    method: "POST",
    path: "/api/plans/:id/risks",
    tag,
    summary:
      "Assess or reassess a risk (the owner or their agent): {riskId, severity, affectedNodes, evidenceHash, note?}; the history is kept.",
    body: ZAssessRisk,
    status: 201,
    call: ({ db, who, clock, params, body }) =>
      assessRisk(db, who, { id: params.id, body }, new Date(clock())),
  }),
  route({
    method: "POST",
    path: "/api/plans/:id/approvals",
    tag,
    summary:
      "Approve the proposed next wave (a signed-in person, never its proposer): {revision, nextWave}; the approval binds to both.",
    body: ZApprove,
    status: 201,
    call: ({ db, who, clock, params, body }) => approve(db, who, { id: params.id, body }, new Date(clock())),
  }),
  route({
    method: "POST",
    path: "/api/plans/:id/assignment",
    tag,
    summary:
      "Confirm the authority or the resources for the proposed next wave (a named person): {kind, revision, nextWave}.",
    body: ZConfirm,
    status: 201,
    call: ({ db, who, clock, params, body }) =>
      confirmAssignment(db, who, { id: params.id, body }, new Date(clock())),
  }),
  route({
    method: "GET",
    path: "/api/plans/:id/audit",
    tag,
    summary:
      "A dry run: the declaration a checkpoint would build now and its audit (?justFinished=a,b&nextWave=c to ask about other waves). Nothing is written.",
    call: ({ db, who, params, query }) => readAudit(db, who, { id: params.id, query: waveQuery(query) }),
  }),
  route({
    method: "GET",
    path: "/api/plans/:id/declaration",
    tag,
    summary:
      "The declaration alone, exactly as the schema describes it: save it and run `npx parley checkpoint audit --input FILE`.",
    call: async ({ db, who, params, query }) => {
      const r = await readAudit(db, who, { id: params.id, query: waveQuery(query) });
      return r.ok ? ok(r.value.declaration) : r;
    },
  }),
  route({
    method: "POST",
    path: "/api/plans/:id/checkpoints",
    tag,
    summary:
      "Run a checkpoint and record the decision: {revision, decision: hold|revise|escalate|admit, rationale, justFinished?, nextWave?, newRevision?, council?}. Admit is refused unless eligibleToAdmit, and only a person admits.",
    body: ZCheckpoint,
    status: 201,
    call: ({ db, who, clock, params, body }) =>
      runCheckpoint(db, who, { id: params.id, body }, new Date(clock())),
  }),
];
