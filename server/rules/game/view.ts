// view (§9): the one redaction of a table for a viewer; every path out of the server goes through it.

import { frozen, frozenWhole } from "../frozen";
import { derive } from "./derive";
import { isSeatOf } from "./check";
import { may, type May } from "./may";
import { claimOf, score } from "./score";
import { standingsOf, type Standing } from "./standings";
import { mayWhisper, viewWhispers, type ViewWhisper } from "./whisper";
import type {
  Accord,
  Act,
  Charge,
  Claim,
  Game,
  Said,
  SaidEntry,
  StandingOffer,
  Status,
  Sworn,
} from "./types";

/** An act as anyone may see it: its index and seat made explicit, nothing secret in it. */
export type ViewAct =
  | {
      index: number;
      seat: number;
      type: "offer";
      accord: Accord;
      /** The clauses whose setting differs from the standing offer it replaced; null for the first offer. */
      changed: string[] | null;
      said?: Said;
      at: number;
    }
  | { index: number; seat: number; type: "accept"; cite?: Claim; said?: Said; at: number }
  | { index: number; seat: number; type: "pass"; said?: Said; by?: "clock"; at: number };

export type GameView = {
  seats: number;
  charter: string[];
  startedAt: number;
  turnWindowMs: number;
  deadlineMs: number;
  status: Status;
  quorum: number;
  turn: number | null;
  turnEndsAt: number | null;
  deadlineAt: number;
  boundAt: number | null;
  endedAt: number | null;
  /** The whole log, due clock passes included (the server writes them too). */
  acts: ViewAct[];
  standingOffer: StandingOffer | null;
  acceptances: number[];
  sworn: Sworn[];
  /** Said claims and text; `truthful` stays null until the reveal. */
  said: SaidEntry[];
  /** Whispers (§12): whole for their two seats, sealed (who, to whom, when) for anyone else until the reveal. */
  whispers: ViewWhisper[];
  /** For a seated viewer: true, or why it may send no whisper now (the end, its limit); null for anyone else. */
  mayWhisper: true | string | null;
  /** Once bound or ended. */
  payoffs: number[] | null;
  standings: Standing[] | null;
  /** The viewer's seat index, or null for a guest. */
  seat: number | null;
  /** The viewer's own charge (seated viewers only). */
  charge: Charge | null;
  /** Every charge, only after the reveal. */
  charges: Charge[] | null;
  may: May | null;
  yourPayoff: number | null;
};

// Fields are copied one by one (never spread) so nothing stored beside an act can ride along.
const copySaid = (said: Said): Said => ({
  ...(said.text !== undefined ? { text: said.text } : {}),
  ...(said.claims ? { claims: said.claims.map(claimOf) } : {}),
});

/** `standing` is the accord that stood before this act (an offer replaces it), or null before the first offer. */
function viewAct(act: Act, index: number, seat: number, standing: Accord | null): ViewAct {
  const said = act.said ? { said: copySaid(act.said) } : {};
  if (act.type === "offer") {
    const changed = standing ? Object.keys(act.accord).filter((c) => act.accord[c] !== standing[c]) : null;
    return { index, seat, type: "offer", accord: { ...act.accord }, changed, ...said, at: act.at };
  }
  if (act.type === "accept") {
    return {
      index,
      seat,
      type: "accept",
      ...(act.cite ? { cite: claimOf(act.cite) } : {}),
      ...said,
      at: act.at,
    };
  }
  return {
    index,
    seat,
    type: "pass",
    ...said,
    ...(act.by === "clock" ? { by: "clock" as const } : {}),
    at: act.at,
  };
}

/**
 * A kept act's view, made once: an act a server keeps is frozen and never changes, so its view at the same index,
 * seat and standing offer (the same frozen accord) is the same for every viewer and every read, rather than made again
 * at every read (docs/decisions/0011-frozen-json.md). Shared, so frozen too. An act
 * not frozen whole (a test's, say, which may change it) is viewed anew each time.
 */
const viewedOf = new WeakMap<
  Act,
  { index: number; seat: number; standing: Accord | null; viewed: ViewAct }
>();

function keptViewAct(act: Act, index: number, seat: number, standing: Accord | null): ViewAct {
  // Kept only for an act and standing frozen whole, which stay so: a match needs no check of that.
  const known = viewedOf.get(act);
  if (known && known.index === index && known.seat === seat && known.standing === standing)
    return known.viewed;
  if (!frozenWhole(act) || (standing && !frozenWhole(standing))) return viewAct(act, index, seat, standing);
  const viewed = frozen(viewAct(act, index, seat, standing));
  viewedOf.set(act, { index, seat, standing, viewed });
  return viewed;
}

function viewLog(acts: readonly Act[], seats: number): ViewAct[] {
  let standing: Accord | null = null;
  return acts.map((act, index) => {
    const viewed = keptViewAct(act, index, index % seats, standing);
    if (act.type === "offer") standing = act.accord;
    return viewed;
  });
}

/**
 * A kept ledger's log, made once per ledger (a ledger that grows is a new array; its acts' views are kept): every read
 * of a table between two acts hands out the same frozen log, and a door writes its JSON text once (server/http/json.ts).
 */
const logOf = new WeakMap<readonly Act[], { seats: number; log: ViewAct[] }>();
function keptLog(acts: readonly Act[], seats: number): ViewAct[] {
  const known = logOf.get(acts);
  if (known?.seats === seats) return known.log;
  const log = frozen(viewLog(acts, seats));
  logOf.set(acts, { seats, log });
  return log;
}

const copyCharge = (charge: Charge): Charge => ({
  aims: charge.aims.map((aim) => ({ clause: aim.clause, setting: aim.setting, weight: aim.weight })),
  fallback: charge.fallback,
});

/** What this viewer may see of the table at `now`: charges stay hidden until the reveal, except one's own. */
export function view(game: Game, viewer: { seat: number | null }, now: number): GameView {
  const derived = derive(game, now);
  const seat = isSeatOf(game, viewer.seat) ? viewer.seat : null;
  const revealed = derived.status !== "playing";
  const ownCharge = seat === null ? undefined : game.charges[seat];
  const whole = !derived.dueClockActs.length && derived.actCount === game.acts.length;
  const acts =
    whole && frozenWhole(game.acts)
      ? keptLog(game.acts, game.seats)
      : viewLog([...game.acts, ...derived.dueClockActs].slice(0, derived.actCount), game.seats);

  return {
    seats: game.seats,
    charter: [...game.charter],
    startedAt: game.startedAt,
    turnWindowMs: game.turnWindowMs,
    deadlineMs: game.deadlineMs,
    status: derived.status,
    quorum: derived.quorum,
    turn: derived.turn,
    turnEndsAt: derived.turnEndsAt,
    deadlineAt: derived.deadlineAt,
    boundAt: derived.boundAt,
    endedAt: derived.endedAt,
    acts,
    standingOffer: derived.standingOffer,
    acceptances: derived.acceptances,
    sworn: derived.sworn.map((s) => ({ seat: s.seat, clause: s.clause, setting: s.setting, act: s.act })),
    // Until the reveal every entry's truthful is null: a mark's entries (frozen whole) go as they are, so a door
    // writes their JSON once (server/http/json.ts).
    said: derived.said.map((entry) =>
      !revealed && entry.truthful === null && frozenWhole(entry)
        ? entry
        : { ...entry, truthful: revealed ? entry.truthful : null },
    ),
    whispers: viewWhispers(game, seat, revealed),
    mayWhisper: seat === null ? null : mayWhisper(game, seat, now),
    payoffs: revealed ? derived.payoffs : null,
    standings: revealed && derived.payoffs ? standingsOf(derived.payoffs, game.charges) : null,
    seat,
    charge: ownCharge ? copyCharge(ownCharge) : null,
    charges: revealed ? game.charges.map(copyCharge) : null,
    may: seat === null ? null : may(game, seat, now),
    yourPayoff: ownCharge && derived.standingOffer ? score(ownCharge, derived.standingOffer.accord) : null,
  };
}
