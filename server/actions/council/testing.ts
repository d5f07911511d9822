// Builders for the council's integration tests: people, an agent, a table convened in one line, replies by round.
import { createAgent, whoForToken } from "../agents";
import type { Who } from "../../identity";
import { makeUser, type TestDatabase } from "../../testing/db";
import { answerCouncilInvitation } from "./consent";
import { convene, type ConveneInput } from "./convene";
import { runModelSeats } from "./models";

export const T0 = Date.parse("2026-11-30T09:00:00Z");
export const MIN = 60_000;

export type Person = Who & { kind: "user" };
export type AgentWho = Who & { kind: "agent" };

export async function agentOf(
  db: TestDatabase,
  owner: Person,
  name: string,
): Promise<{ who: AgentWho; token: string }> {
  const a = await createAgent(db.prisma, owner, { name });
  if (!a.ok) throw new Error(a.message);
  const who = (await whoForToken(db.prisma, a.value.token)) as AgentWho;
  return { who, token: a.value.token };
}

/** One seat's replies for all four rounds, holding `position` at `confidence` throughout. */
export function steady(position: string, confidence: number, target: string, update = "firmer") {
  return {
    1: {
      position,
      reasoning: `I hold ${position}.`,
      confidence_now: confidence,
      what_would_change_your_mind: "new facts",
    },
    2: {
      challenge: { target, critique: "too hopeful" },
      self_update: update,
      position,
      reasoning: "still so",
      confidence_now: confidence,
    },
    3: {
      axis_that_decides_my_vote: "cost",
      coalition_with: [],
      flip_condition: "a cheaper way",
      position,
      confidence_now: confidence,
    },
    4: {
      final_vote: position,
      final_confidence: confidence === 5 ? 6 : confidence,
      one_line_rationale: `${position}, on balance`,
      dissent_note: null,
    },
  } as const;
}

export type Steady = ReturnType<typeof steady>;

export const scriptOf = (replies: Record<number, unknown>, afterMs?: number) => ({
  ...(afterMs === undefined ? {} : { afterMs }),
  replies: Object.fromEntries(Object.entries(replies).map(([r, v]) => [r, v])),
});

export const modelSeat = (name: string, replies?: Record<number, unknown>, afterMs?: number) => ({
  name,
  soul: `The ${name} soul.`,
  source: "pasted" as const,
  wearer: "model" as const,
  provider: "scripted" as const,
  ...(replies || afterMs !== undefined ? { script: scriptOf(replies ?? {}, afterMs) } : {}),
});

export const personSeat = (name: string, person: string) => ({
  name,
  soul: `${name} always asks who pays.`,
  source: "habit" as const,
  wearer: "person" as const,
  person,
});

export const agentSeat = (name: string, agent: number) => ({
  name,
  soul: `The ${name} persona file.`,
  source: "uploaded" as const,
  source_label: `${name}.md`,
  wearer: "agent" as const,
  agent,
});

/** A convening; public unless `extra` says otherwise (a Round Table is `invited` by default). */
export const table = (seats: ConveneInput["seats"], extra: Partial<ConveneInput> = {}): ConveneInput => ({
  question: "Do we ship the release on Friday?",
  fit: {
    decision: "The release goes out on Friday, waits for Monday, or ships in part.",
    options: "Ship, hold and split are the three release plans the team drew up.",
    stakes: "A bad Friday release pages a thin on-call rota all weekend.",
  },
  context: "The tests pass; the on-call rota is thin on Friday.",
  options: ["ship", "hold", "split"],
  visibility: "public",
  seats,
  ...extra,
});

/**
 * Every invited seat says yes, as its invitee would (a person for themself, an owner for their agent), so a test
 * about the rounds starts where round 1 opens. Consent itself is tested without it (consent.test.ts).
 */
export async function acceptAll(db: TestDatabase, id: number, now = T0): Promise<void> {
  const seats = await db.prisma.councilSeat.findMany({
    where: { councilId: id, consent: "invited" },
    select: {
      name: true,
      user: { select: { id: true, name: true } },
      agent: { select: { id: true, owner: true } },
    },
  });
  for (const s of seats) {
    const by = s.user ?? s.agent?.owner;
    if (!by) throw new Error(`${s.name}: nobody can accept this invitation`);
    const who: Person = { kind: "user", userId: by.id, name: by.name, admin: false };
    const r = await answerCouncilInvitation(db.prisma, who, { id, agentId: s.agent?.id, accept: true }, now);
    if (!r.ok) throw new Error(`${s.name}: ${r.message}`);
  }
}

/** Convened, and every invitation accepted: round 1 is open. */
export async function convened(
  db: TestDatabase,
  facilitator: Person,
  input: ConveneInput,
  now = T0,
): Promise<number> {
  const r = await convene(db.prisma, facilitator, input, now);
  if (!r.ok) throw new Error(r.message);
  await acceptAll(db, r.value.id, now);
  return r.value.id;
}

/** Ask the model seats at a fixed time, as the background run would. */
export const models = (db: TestDatabase, id: number, now = T0) =>
  runModelSeats(db.prisma, id, { clock: () => now });

export async function people<const N extends string>(
  db: TestDatabase,
  prefix: string,
  names: N[],
): Promise<Record<N, Person>> {
  const out = {} as Record<N, Person>;
  for (const n of names) out[n] = await makeUser(db, `${prefix}-${n}`);
  return out;
}
