// A create called with an idempotency key makes one thing however often it is sent: the first call claims the key
// (the primary key settles a race between two doors or two clicks), its answer is kept for a day, and every later
// call with the same key and the same input gets that answer again — while the first is still being answered it
// waits for it. The same key with other input is refused. A failed create keeps nothing, so a corrected retry runs.
import { createHash } from "node:crypto";
import type { Prisma } from "../generated/prisma/client";
import type { Db } from "../db";
import { fail, ok, type Result } from "../rules/result";

/** How long a key's answer is kept, and how long a claim with no answer yet counts as still being answered. */
export const KEPT_MS = 24 * 3600_000;
export const ABANDONED_MS = 60_000;
/** How long a repeat waits for the first call's answer before it says so (real time: it is waiting). */
const WAIT_MS = 10_000;
const POLL_MS = 50;

export type Claim = { caller: string; operation: string; key: string };

export const REUSED = fail(
  "invalid",
  "This idempotency key was already used for a different request; use a new key for a new one.",
);
export const STILL_ANSWERING = fail(
  "conflict",
  "A request with this idempotency key is still being answered; try again in a moment.",
);

export async function once(
  db: Db,
  claim: Claim,
  input: unknown,
  now: number,
  run: () => Result<unknown> | Promise<Result<unknown>>,
): Promise<Result<unknown>> {
  const hash = createHash("sha256").update(JSON.stringify(input)).digest("hex");
  const where = { caller_operation_key: claim };
  const waitUntil = Date.now() + WAIT_MS;
  for (;;) {
    const { count } = await db.idempotentCall.createMany({
      data: [{ ...claim, input: hash, createdAt: new Date(now) }],
      skipDuplicates: true,
    });
    if (count === 1) {
      let answer: Result<unknown>;
      try {
        answer = await run();
      } catch (e) {
        await db.idempotentCall.deleteMany({ where: claim });
        throw e;
      }
      if (answer.ok)
        await db.idempotentCall.update({
          where,
          data: { answer: (answer.value ?? null) as Prisma.InputJsonValue },
        });
      else await db.idempotentCall.deleteMany({ where: claim });
      return answer;
    }
    const held = await db.idempotentCall.findUnique({ where });
    if (!held) continue; // the first call failed and let the key go: this one runs
    const age = now - held.createdAt.getTime();
    if (age >= KEPT_MS || (held.answer === null && age >= ABANDONED_MS)) {
      // Expired, or claimed by a process that died mid-call: let it go (only that very claim) and claim again.
      await db.idempotentCall.deleteMany({ where: { ...claim, createdAt: held.createdAt } });
      continue;
    }
    if (held.input !== hash) return REUSED;
    if (held.answer !== null) return ok(held.answer);
    if (Date.now() >= waitUntil) return STILL_ANSWERING;
    await new Promise((r) => setTimeout(r, POLL_MS));
  }
}
