// Where a plan stands between waves: the checkpoint to hold next, declared waves checked, and gate binding keys.
import { fail, ok, type Result } from "@/server/rules/result";
import type { RevisionNode } from "./waves";

export type Proposal =
  | { justFinished: string[]; nextWave: string[]; wave: number }
  | { justFinished: null; nextWave: null; reason: string };

/**
 * The checkpoint a plan is at: wave N is the latest wave with any outcome at this revision (a wave that has
 * partly reported is the one returning, and the audit names what it lacks), wave N+1 is proposed, less the
 * nodes a prune holds. `wave` is N, counted from 0.
 */
export function proposeCheckpoint(
  waves: readonly (readonly string[])[],
  reported: ReadonlySet<string>,
  held: ReadonlySet<string> = new Set(),
): Proposal {
  let n = -1;
  waves.forEach((ids, wave) => {
    if (ids.some((id) => reported.has(id))) n = wave;
  });
  if (n === -1)
    return none(
      waves.length === 0
        ? "The plan has no nodes."
        : "Wave 1 has not reported yet: a checkpoint comes when its first outcome arrives.",
    );
  if (n === waves.length - 1) return none(`Wave ${n + 1} is the last wave: there is no next wave to admit.`);
  const nextWave = waves[n + 1]!.filter((id) => !held.has(id));
  if (nextWave.length === 0)
    return none(
      `Every node of wave ${n + 2} is held by a prune: a new revision must revalidate or remove them first.`,
    );
  return { justFinished: [...waves[n]!], nextWave, wave: n };
}

const none = (reason: string): Proposal => ({ justFinished: null, nextWave: null, reason });

/** Approvals and assignment checks bind to a set of node ids: this key is the same for the same set. */
export function waveKey(nextWave: readonly string[]): string {
  return JSON.stringify([...new Set(nextWave)].sort());
}

/**
 * Declared waves must place every node exactly once and each node in a later wave than all its prerequisites;
 * otherwise the plan's own lanes would contradict its dependencies. Empty waves are refused too.
 */
export function checkDeclaredWaves(
  nodes: readonly RevisionNode[],
  waves: readonly (readonly string[])[],
): Result<string[][]> {
  const waveOf = new Map<string, number>();
  const known = new Set(nodes.map((node) => node.id));
  for (const [wave, ids] of waves.entries()) {
    if (ids.length === 0) return fail("invalid", `Declared wave ${wave + 1} is empty.`);
    for (const id of ids) {
      if (!known.has(id))
        return fail("invalid", `Declared wave ${wave + 1} names "${id}", which is no node.`);
      if (waveOf.has(id)) return fail("invalid", `Node "${id}" is declared in more than one wave.`);
      waveOf.set(id, wave);
    }
  }
  for (const node of nodes) {
    const wave = waveOf.get(node.id);
    if (wave === undefined) return fail("invalid", `Node "${node.id}" is in no declared wave.`);
    for (const dependency of node.dependsOn)
      if ((waveOf.get(dependency) ?? Infinity) >= wave)
        return fail(
          "invalid",
          `Node "${node.id}" is declared in wave ${wave + 1} but depends on "${dependency}", which is not in an earlier wave.`,
        );
  }
  return ok(waves.map((ids) => [...ids]));
}

/**
 * Of the risks touching the wave just finished, those not yet reassessed since: a risk is settled for this
 * checkpoint once its latest assessment is at this revision and no older than the latest outcome of any
 * just-finished node it affects. Times are milliseconds, passed in.
 */
export function stillToReassess(
  risks: readonly { id: string; affectedNodes: readonly string[]; revision: number; assessedAt: number }[],
  justFinished: readonly string[],
  revision: number,
  reportedAt: ReadonlyMap<string, number>,
): string[] {
  const finished = new Set(justFinished);
  return risks
    .filter((risk) => {
      const touched = risk.affectedNodes.filter((id) => finished.has(id));
      if (touched.length === 0) return false;
      if (risk.revision !== revision) return true;
      return touched.some((id) => (reportedAt.get(id) ?? -Infinity) > risk.assessedAt);
    })
    .map((risk) => risk.id);
}
