// The demo plan: the original's constructed trace. Revision 4 held on R7 (high) after scan found an API break;
// revision 5 adds inspect-call-sites after scan; its evidence is in, R7 is to reassess, publish still needs approval.
// It is public (anyone reads it); its reviewer was invited to the approver, authority and resources roles and accepted.
import { randomBytes } from "node:crypto";
import type { Db } from "../../db";
import type { Who } from "../../identity";
import { accountName, nameKey } from "../../names";
import { hashToken, tokenHint } from "../../tokens";
import { confirmAssignment } from "./gates";
import { answerPlanInvitation } from "./consent";
import { assignRole } from "./members";
import { assessRisk } from "./risks";
import { createPlan } from "./plans";
import { postOutcome } from "./outcomes";
import { revisePlan } from "./revise";
import { runCheckpoint } from "./checkpoint";
import type { NodeInput } from "./schemas";

export const DEMO_KEY = "wave-by-wave-trace";

const HOUR = 3_600_000;

function must<T>(r: { ok: true; value: T } | { ok: false; message: string }): T {
  if (!r.ok) throw new Error(`checkpoint demo: ${r.message}`);
  return r.value;
}

const scan = { id: "scan", title: "Scan dependencies", dependsOn: [] };
const patch = { id: "patch-X", title: "Patch package X (tentative)", dependsOn: ["scan"] };
const publish = { id: "publish", title: "Publish the release", dependsOn: ["patch-X"], needsApproval: true };
const inspect = { id: "inspect-call-sites", title: "Inspect call sites of X", dependsOn: ["scan"] };

export async function seedCheckpointDemo(db: Db, now: number): Promise<void> {
  if (await db.plan.findUnique({ where: { demo: DEMO_KEY }, select: { id: true } })) return;
  const house = await db.user.upsert({
    where: { nameKey: nameKey("harbourmaster") },
    update: {},
    create: accountName("harbourmaster"),
  });
  const planner: Who = { kind: "user", userId: house.id, name: house.name, admin: false };
  const reviewer = await db.user.upsert({
    where: { nameKey: nameKey("quartermaster") },
    update: {},
    create: accountName("quartermaster"),
  });
  const second: Who = { kind: "user", userId: reviewer.id, name: reviewer.name, admin: false };
  // The orchestrator's token is made and thrown away: the demo's agent reports, nobody can act as it.
  const token = `prl_${randomBytes(24).toString("base64url")}`;
  const agent = await db.agent.upsert({
    where: { ownerId_name: { ownerId: house.id, name: "wave-orchestrator" } },
    update: {},
    create: {
      ownerId: house.id,
      name: "wave-orchestrator",
      tokenHash: hashToken(token),
      tokenHint: tokenHint(token),
    },
  });
  const orchestrator: Who = { kind: "agent", agentId: agent.id, name: agent.name, ownerId: house.id };
  const at = (hoursAgo: number) => new Date(now - hoursAgo * HOUR);

  const { id } = must(
    await createPlan(
      db,
      planner,
      {
        name: "Patch package X safely (the original's trace)",
        nodes: [scan, { ...patch, title: "Patch package X" }],
        rationale: "A dependency scan, then the patch.",
        visibility: "public",
      },
      at(30),
    ),
  );
  await db.plan.update({ where: { id }, data: { demo: DEMO_KEY } });
  // The reviewer was asked and said yes to each role: nobody holds one without consenting.
  for (const role of ["approver", "authority", "resources"] as const) {
    must(await assignRole(db, planner, { planId: id, role, person: reviewer.name }, at(29.5)));
    must(await answerPlanInvitation(db, second, { id, role, accept: true }, at(29.4).getTime()));
  }
  const revise = async (
    parent: number,
    nodes: NodeInput[],
    rationale: string,
    evidenceRefs: string[],
    hoursAgo: number,
  ) =>
    must(await revisePlan(db, planner, { planId: id, parent, nodes, rationale, evidenceRefs }, at(hoursAgo)));
  // The orchestrator reports a node's evidence; the planner (re)assesses R7 on h1.
  const report = async (nodeId: string, evidenceHash: string, provenance: string, hoursAgo: number) =>
    must(
      await postOutcome(
        db,
        orchestrator,
        { planId: id, nodeId, status: "success", evidenceHash, provenance },
        at(hoursAgo),
      ),
    );
  const assessR7 = async (affectedNodes: string[], note: string, hoursAgo: number) =>
    must(
      await assessRisk(
        db,
        planner,
        { planId: id, riskId: "R7", severity: "high", affectedNodes, evidenceHash: "h1", note },
        at(hoursAgo),
      ),
    );
  await revise(
    1,
    [scan, { ...patch, title: "Patch package X" }, { ...publish, needsApproval: false }],
    "Release once patched.",
    ["ticket REL-12"],
    28,
  );
  await revise(
    2,
    [scan, { ...patch, title: "Patch package X" }, publish],
    "Publishing is a side effect: it needs a person's explicit approval.",
    ["policy P-3"],
    27,
  );
  await revise(
    3,
    [scan, patch, publish],
    "patch-X stays tentative until scan's evidence is in.",
    ["review note 4"],
    26,
  );

  // Revision 4: wave 1 returns; scan's evidence h1 shows a major-version API break in X.
  await report("scan", "h1", "scanner run 17: package X has a major-version API break", 25);
  await assessR7(["scan", "patch-X"], "API break in X: call sites may depend on removed behaviour", 24.5);
  for (const kind of ["authority", "resources"] as const)
    must(
      await confirmAssignment(db, second, { planId: id, kind, revision: 4, nextWave: ["patch-X"] }, at(24.2)),
    );
  must(
    await runCheckpoint(
      db,
      planner,
      {
        planId: id,
        revision: 4,
        decision: "hold",
        rationale: "R7 is high: inspect the call sites before any patch is admitted.",
      },
      at(24),
    ),
  );

  // Revision 5 supersedes it: inspect-call-sites after scan; patch-X now consumes the inspection.
  await revise(
    4,
    [scan, inspect, { ...patch, dependsOn: ["inspect-call-sites"] }, publish],
    "Hold R7 high; inspect call sites before patching X.",
    ["h1", "checkpoint at revision 4 (hold)"],
    20,
  );
  await assessR7(["scan", "inspect-call-sites"], "tracked on the inspection now", 19);
  await report("inspect-call-sites", "h2", "call-site survey: the break is isolated and covered by tests", 2);
}
