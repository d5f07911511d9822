// The checkpoint audit: schema, then graph and evidence in the spec's order, then the gates — never a throw.
import { AUDIT_SCOPE, UNRESOLVED_SEVERITIES } from "./constants";
import { prerequisitesMatching } from "./closure";
import { findings as finding } from "./findings";
import { backEdges, graphOf, stronglyConnected } from "./graph";
import { checkSchema } from "./schema";
import type { AuditResult, Declaration, DeclaredOutcome, Finding } from "./types";

/**
 * Audits a supplied declaration (any value at all). It says whether the declaration is coherent
 * (`declarationValid`) and whether the next wave may be admitted (`eligibleToAdmit`); it proves nothing about
 * the world behind the evidence hashes.
 */
export function audit(input: unknown): AuditResult {
  try {
    const shape = checkSchema(input);
    return shape.ok ? auditDeclaration(shape.declaration) : invalid(shape.findings);
  } catch (error) {
    // Unreachable for JSON (a throwing getter or a proxy could get here); the promise is an answer, not a throw.
    return invalid([finding.unreadable(error instanceof Error ? error.name : "unreadable value")]);
  }
}

const invalid = (findings: Finding[]): AuditResult => ({
  pass: false,
  declarationValid: false,
  eligibleToAdmit: false,
  structuralBlocked: false,
  findings,
  scope: AUDIT_SCOPE,
});

function auditDeclaration(declaration: Declaration): AuditResult {
  const { graphRevision } = declaration;
  const found: Finding[] = [];

  // Graph: the first declaration of an id is the node.
  const graph = graphOf(declaration.nodes);
  const { ids, numberOf } = graph;
  const isNode = (id: string) => numberOf.has(id);
  for (const id of graph.repeats) found.push(finding.duplicateNodeId(id));
  for (const node of declaration.nodes)
    for (const dependency of node.dependsOn)
      if (!isNode(dependency)) found.push(finding.unknownDependency(node.id, dependency));
  for (const { from, to } of backEdges(graph)) found.push(finding.cycle(ids[from]!, ids[to]!));

  // Outcomes: the first outcome of a node is its outcome.
  const outcomeOf = new Map<string, DeclaredOutcome>();
  for (const outcome of declaration.outcomes) {
    if (!isNode(outcome.nodeId)) found.push(finding.outcomeUnknownNode(outcome.nodeId));
    if (outcome.revision !== graphRevision)
      found.push(finding.outcomeRevisionMismatch(outcome, graphRevision));
    if (outcomeOf.has(outcome.nodeId)) found.push(finding.duplicateOutcome(outcome.nodeId));
    else outcomeOf.set(outcome.nodeId, outcome);
  }
  const lacksEvidence = Uint8Array.from(ids, (id) => {
    const outcome = outcomeOf.get(id);
    return !outcome || outcome.status !== "success" || outcome.revision !== graphRevision ? 1 : 0;
  });

  const parts = stronglyConnected(graph);
  const known = (nodeIds: Iterable<string>) => [...nodeIds].flatMap((id) => numberOf.get(id) ?? []);
  const successes = known(declaration.outcomes.filter((o) => o.status === "success").map((o) => o.nodeId));
  const withoutEvidence = prerequisitesMatching(graph, parts, lacksEvidence, [
    ...successes,
    ...known(declaration.nextWave),
  ]);
  const blame = (node: number, report: (nodeId: string, prerequisite: string) => Finding) => {
    for (const prerequisite of withoutEvidence(node))
      if (prerequisite !== node) found.push(report(ids[node]!, ids[prerequisite]!));
  };
  for (const node of successes)
    blame(node, (nodeId, prerequisite) =>
      finding.successMissingPrerequisiteEvidence(
        nodeId,
        prerequisite,
        outcomeOf.get(prerequisite),
        graphRevision,
      ),
    );

  // Wave N: a present, current, non-success outcome is no inconsistency, but it holds the next wave.
  const justFinished = new Set(declaration.justFinished);
  const needsRecovery: string[] = [];
  for (const id of justFinished) {
    if (!isNode(id)) found.push(finding.finishedUnknownNode(id));
    const outcome = outcomeOf.get(id);
    if (!outcome || outcome.revision !== graphRevision)
      found.push(finding.incompleteWaveEvidence(id, graphRevision));
    else if (outcome.status !== "success") needsRecovery.push(id);
  }
  const finishedNodes = known(justFinished);
  const inWave = new Uint8Array(ids.length);
  for (const node of finishedNodes) inWave[node] = 1;
  const finishedBefore = prerequisitesMatching(graph, parts, inWave, finishedNodes);
  for (const node of finishedNodes)
    for (const prerequisite of finishedBefore(node))
      if (prerequisite !== node) found.push(finding.causalSameWave(ids[node]!, ids[prerequisite]!));

  const riskIds = new Set<string>();
  const unresolved: string[] = [];
  for (const risk of declaration.risks) {
    if (riskIds.has(risk.id)) found.push(finding.duplicateRiskId(risk));
    riskIds.add(risk.id);
    if (risk.revision !== graphRevision) found.push(finding.riskRevisionMismatch(risk, graphRevision));
    for (const id of risk.affectedNodes) if (!isNode(id)) found.push(finding.riskUnknownNode(risk, id));
    if (UNRESOLVED_SEVERITIES.includes(risk.severity)) unresolved.push(risk.id);
  }

  // Wave N+1: an unknown id says nothing more; a known one must be new and stand on current successes.
  for (const id of declaration.nextWave) {
    const node = numberOf.get(id);
    if (node === undefined) {
      found.push(finding.unknownNextNode(id));
      continue;
    }
    if (justFinished.has(id) || outcomeOf.has(id)) found.push(finding.alreadyCompletedLaunch(id));
    blame(node, (nodeId, prerequisite) =>
      finding.nextWaveDependencyNotSuccess(nodeId, prerequisite, outcomeOf.get(prerequisite), graphRevision),
    );
  }

  const declarationValid = found.length === 0;
  const { approval, assignment } = declaration;
  const approvalMissing = approval.required && !approval.present;
  const assignmentMissing = !assignment.authority || !assignment.resources;
  const eligibleToAdmit =
    declarationValid &&
    !approvalMissing &&
    !assignmentMissing &&
    unresolved.length === 0 &&
    needsRecovery.length === 0;
  // The gates speak only on a valid declaration: an invalid one is refused for its own reasons first.
  if (declarationValid) {
    if (approvalMissing) found.push(finding.approvalRequired());
    if (assignmentMissing)
      found.push(finding.assignmentGateUnsatisfied(assignment.authority, assignment.resources));
    if (unresolved.length > 0) found.push(finding.unresolvedRisk(unresolved));
    if (needsRecovery.length > 0) found.push(finding.waveRecoveryRequired(needsRecovery));
  }
  return {
    pass: declarationValid,
    declarationValid,
    eligibleToAdmit,
    structuralBlocked: declarationValid && !eligibleToAdmit,
    findings: found,
    scope: AUDIT_SCOPE,
  };
}
