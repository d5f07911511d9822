// The council demo on an empty database: the worked example as a finished round table, and a live one whose
// scripted souls answer a few seconds apart, so a newcomer can watch it deliberate; it is convened afresh once done.
import type { Db } from "../../db";
import type { Who } from "../../identity";
import { accountName, nameKey } from "../../names";
import workedExample from "../../rules/council/fixtures/adopt-a-pattern.json";
import { convene, type ConveneInput } from "./convene";
import { importState } from "./exchange";

/** The house account that facilitates the demos; it has no password, so nobody signs in as it. */
export const CLERK = "clerk";
export const LIVE_DEMO = "live";
export const WORKED_DEMO = "adopt-a-pattern";
/**
 * How long a finished live demo stays the live one before a newcomer's visit convenes the next: a few seconds, so
 * the lobby is never long without a round table in deliberation (a minute was a minute of "none" for a newcomer,
 * and failed a browser test that came in then); the finished one stays readable at its own address.
 */
export const LIVE_DEMO_RENEW_MS = 5_000;
/** The live demo's souls answer this far apart (the sweeper asks them as they come due). */
const PACE_MS = 4_000;

async function clerk(db: Db): Promise<Who & { kind: "user" }> {
  const u = await db.user.upsert({
    where: { nameKey: nameKey(CLERK) },
    update: {},
    create: accountName(CLERK),
  });
  return { kind: "user", userId: u.id, name: u.name, admin: false };
}

const SOULS: [name: string, soul: string][] = [
  [
    "treasurer",
    "Keeps the harbour's books. Every plan is a cost, a risk and a payback period; hates paying twice.",
  ],
  [
    "harbour-master",
    "Thirty winters on the quay. Trusts tide tables and stone, distrusts forecasts and promises.",
  ],
  ["fisher", "Lands the catch at dawn and sells it by noon. The market must stay where the boats are."],
  ["elder", "Remembers the flood of '89. Safety first, then tradition, then everything else."],
  ["apprentice", "Nineteen, wants the town to still exist in fifty years, and says so bluntly."],
];

export const LIVE_DEMO_TABLE: ConveneInput = {
  question: "Should the harbour town build a sea wall this year, or move the fish market inland?",
  fit: {
    decision:
      "The town borrows for a wall, moves the market, or keeps its money for a year, depending on the answer.",
    options:
      "The wall, the move and waiting are the three plans the harbour board costed; the budget allows one.",
    stakes:
      "Another flood on an uninsured quay could close the market for a season; the wall is 2.4M borrowed.",
  },
  context:
    "Storm surges flooded the quay twice in the last five winters. A sea wall costs 2.4M and takes a year; moving the market inland costs 0.9M but adds a 15-minute haul for every catch. The council can borrow 2M at most this year. Waiting a year costs nothing now but the insurers have warned they may drop the quay.",
  options: ["build-the-wall", "move-inland", "wait-a-year"],
  aggregator: "weighted",
  round_deadline_ms: 10 * 60_000,
  seats: SOULS.map(([name, soul], i) => ({
    name,
    soul,
    source: "pasted" as const,
    source_label: "the house demo",
    wearer: "model" as const,
    provider: "scripted" as const,
    script: { afterMs: PACE_MS * (i + 1) },
  })),
};

export async function seedCouncilDemo(db: Db, now: number): Promise<void> {
  const house = await clerk(db);
  const worked = await importState(db, house, workedExample, now, { visibility: "public" });
  if (worked.ok) {
    await db.council.update({ where: { id: worked.value.id }, data: { demo: WORKED_DEMO } });
    await db.councilSeat.updateMany({
      where: { councilId: worked.value.id },
      data: { sourceLabel: "the worked example" },
    });
  }
  await convene(db, house, LIVE_DEMO_TABLE, now, { demo: LIVE_DEMO, visibility: "public" });
}

/** A finished live demo hands its key on to a fresh one, so there is always one to watch. */
export async function renewLiveDemo(db: Db, now: number): Promise<void> {
  const live = await db.council.findUnique({
    where: { demo: LIVE_DEMO },
    select: { id: true, closedAt: true },
  });
  if (!live?.closedAt || live.closedAt.getTime() > now - LIVE_DEMO_RENEW_MS) return;
  const moved = await db.council.updateMany({
    where: { id: live.id, demo: LIVE_DEMO },
    data: { demo: `${LIVE_DEMO}-${live.id}` },
  });
  if (!moved.count) return; // another process renewed it first
  await convene(db, await clerk(db), LIVE_DEMO_TABLE, now, { demo: LIVE_DEMO, visibility: "public" }).catch(
    () => undefined,
  );
}

/** The clerk facilitates the demos the cautious way, so they never wait on a person. */
export async function clerkFor(db: Db, facilitatorId: number): Promise<(Who & { kind: "user" }) | null> {
  const u = await db.user.findUnique({ where: { id: facilitatorId }, select: { id: true, name: true } });
  return u?.name === CLERK ? { kind: "user", userId: u.id, name: u.name, admin: false } : null;
}
