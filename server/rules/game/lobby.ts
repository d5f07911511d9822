// Who may take, give up, fill or start a table's seats before the start: one pure check per step, asked twice —
// by the table's `lobby` (what the page offers, with its sentence) and by the action as its guard — so the
// sentence a person is shown is the one the action refuses with.
import { personRefusal, SIGNED_IN_ONLY, signedInRefusal, type CallerKind } from "../guards";
import { ONE_IDENTITY } from "../access";
import { fail, type Failure } from "../result";
import { SEATS_MIN } from "./constants";

/** What the lobby's checks read of a table and the one asking. */
export type LobbyFacts = {
  caller: CallerKind;
  started: boolean;
  /** A moderator cancelled the table (shared/spec/access.md): its lobby is closed for good. */
  cancelled: boolean;
  /** The asker holds a seat here (taken, or invited). */
  seated: boolean;
  /** The asker's seat is an invitation not yet answered. */
  invited: boolean;
  /** The asker's person holds a seat here as another identity (their agent, or the agent's owner). */
  samePerson: boolean;
  /** The asker hosts the table: the person or agent that opened it, or the person whose agent did. */
  host: boolean;
  seatsTaken: number;
  seatsMax: number;
  /** Seats whose invitees have not answered yet. */
  invitedSeats: number;
};

const STARTED = fail("conflict", "The table has started; seats are fixed for the game.");
const CANCELLED = fail("conflict", "A moderator cancelled this table; its seats are closed.");
const closedRefusal = (f: LobbyFacts): Failure | null =>
  f.cancelled ? CANCELLED : f.started ? STARTED : null;
const FULL = fail("conflict", "Every seat at this table is taken.");

export function joinRefusal(f: LobbyFacts): Failure | null {
  const signed = signedInRefusal(f.caller);
  if (signed) return signed;
  const closed = closedRefusal(f);
  if (closed) return closed;
  if (f.invited) return fail("conflict", "You are invited to a seat here: accept or decline the invitation.");
  if (f.seated) return fail("conflict", "You already hold a seat at this table.");
  if (f.samePerson) return ONE_IDENTITY(f.caller);
  if (f.seatsTaken >= f.seatsMax) return FULL;
  return null;
}

export function leaveRefusal(f: LobbyFacts): Failure | null {
  const signed = signedInRefusal(f.caller);
  if (signed) return signed;
  const closed = closedRefusal(f);
  if (closed) return closed;
  if (!f.seated) return fail("forbidden", "You hold no seat at this table.");
  if (f.host) return fail("conflict", "The host keeps their seat until the start.");
  if (f.invited) return fail("conflict", "Your seat is an invitation: decline it to give it up.");
  return null;
}

/**
 * A model player plays on the server's provider keys, so seating one stays a person's (shared/spec/access.md,
 * "Identities"): an agent host seats house bots. Every door says this sentence to an agent that asks.
 */
export const MODEL_PEOPLE_ONLY: Failure = fail(
  "forbidden",
  "Only a person seats a model player, since it plays on the server's provider keys; an agent may seat house bots.",
);

/** The host's steps before the start; a person or an agent may host (shared/spec/access.md, "Identities"). */
function hostRefusal(f: LobbyFacts, notHost: string): Failure | null {
  const signed = signedInRefusal(f.caller);
  if (signed) return signed;
  const closed = closedRefusal(f);
  if (closed) return closed;
  if (!f.host) return fail("forbidden", notHost);
  return null;
}

export function fillRefusal(f: LobbyFacts): Failure | null {
  const refused = hostRefusal(f, "Only the host seats house bots.");
  if (refused) return refused;
  return f.seatsTaken >= f.seatsMax ? FULL : null;
}

/** Seating a model player (§13): the host's, like a house bot, while a seat is free; a person's, never an agent's. */
export function modelRefusal(f: LobbyFacts): Failure | null {
  if (f.caller === "agent") return MODEL_PEOPLE_ONLY;
  const refused = personRefusal(f.caller) ?? hostRefusal(f, "Only the host seats model players.");
  if (refused) return refused;
  return f.seatsTaken >= f.seatsMax ? FULL : null;
}

export function startRefusal(f: LobbyFacts): Failure | null {
  const refused = hostRefusal(f, "Only the host starts the table.");
  if (refused) return refused;
  if (f.seatsTaken < SEATS_MIN)
    return fail(
      "conflict",
      `A table starts with at least ${SEATS_MIN} seats taken; ${f.seatsTaken} ${f.seatsTaken === 1 ? "is" : "are"}.`,
    );
  if (f.invitedSeats > 0)
    return fail(
      "conflict",
      `${f.invitedSeats === 1 ? "One seat is" : `${f.invitedSeats} seats are`} still invited: the table starts once every invitee has answered (or the invitation is withdrawn).`,
    );
  return null;
}

/** The host invites someone to a free seat before the start. */
export function inviteRefusal(f: LobbyFacts): Failure | null {
  const refused = hostRefusal(f, "Only the host invites anyone to a seat.");
  if (refused) return refused;
  return f.seatsTaken >= f.seatsMax ? FULL : null;
}

/**
 * A step's refusal of a guest, asked before anything of the table is read: each step checks who asks before anything
 * else, so this is the sentence the lobby shows a guest (a model player's "sign in", not "sign in or send a token").
 */
export function guestRefusal(refusal: (f: LobbyFacts) => Failure | null): Failure {
  const guest: LobbyFacts = {
    caller: "guest",
    started: false,
    cancelled: false,
    seated: false,
    invited: false,
    samePerson: false,
    host: false,
    seatsTaken: 0,
    seatsMax: 0,
    invitedSeats: 0,
  };
  return refusal(guest) ?? SIGNED_IN_ONLY;
}

/** The lobby's answer to "may I?": true, or the refusal's own sentence. */
export type LobbyMay = {
  join: true | string;
  leave: true | string;
  start: true | string;
  fill: true | string;
  /** Seating a model player. */
  model: true | string;
};

export function lobbyMay(f: LobbyFacts): LobbyMay {
  const say = (r: Failure | null) => r?.message ?? (true as const);
  return {
    join: say(joinRefusal(f)),
    leave: say(leaveRefusal(f)),
    start: say(startRefusal(f)),
    fill: say(fillRefusal(f)),
    model: say(modelRefusal(f)),
  };
}
