// The Round Table's numbers: every page, door and doc reads them from here, never retypes them.

/** Quorum: two souls make a debate, one a monologue. */
export const SEATS_MIN = 3;
export const SEATS_MAX = 8;
/** The roster when the facilitator names none. */
export const DEFAULT_SEATS = 5;
/** OPEN, DEEPEN, CONVERGE, VOTE — and never a round 5. */
export const ROUNDS = 4;
export const OPTIONS_MIN = 2;
export const OPTIONS_MAX = 4;

export const AGGREGATORS = ["weighted", "majority", "unanimity-or-escalate"] as const;
export type Aggregator = (typeof AGGREGATORS)[number];
export const DEFAULT_AGGREGATOR: Aggregator = "weighted";

/** A dissent note that names one of these escalates, whatever the count says. */
export const DEFAULT_VALUES_KEYWORDS = ["honesty", "safety", "consent"] as const;

/** A winner holding less than this share of the confidence actually cast is a split table. */
export const SPLIT_THRESHOLD = 0.6;
/** Under unanimity-or-escalate every vote must be on one side at this confidence or more. */
export const UNANIMITY_MIN = 7;
/** The inspector's early stop needs every seat at least this sure. */
export const EARLY_STOP_MIN = 8;
/** Expert deference: one seat at 10 and every other at most this. */
export const DEFERENCE_MAX_OTHERS = 3;
export const CONFIDENCE_MIN = 1;
export const CONFIDENCE_MAX = 10;
/** The middle of the scale is a non-answer in the binding vote. */
export const FORBIDDEN_FINAL_CONFIDENCE = 5;
export const RATIONALE_MAX = 140;

/** How long a person or an agent has to answer one round, and the span a facilitator may choose it from. */
export const ROUND_DEADLINE_DEFAULT_MS = 30 * 60 * 1000;
export const ROUND_DEADLINE_MIN_MS = 60 * 1000;
export const ROUND_DEADLINE_MAX_MS = 7 * 24 * 60 * 60 * 1000;
/** A malformed or off-option reply is asked for once more; the next failure empties the seat. */
export const REPROMPTS = 1;

/** Characters of the question, of a seat's name (the minutes call it "the <name> lens"), and of a habit soul. */
export const QUESTION_MAX = 500;
export const SEAT_NAME_MAX = 40;
/** A habit soul is one line a person really says, not a persona file. */
export const HABIT_MAX = 200;

/** The words a soul writes in round 2 when nothing moved it. */
export const NO_CHANGE = "no change";

/** Characters of one Step 0 answer (`fit`): one sentence, not an essay. */
export const FIT_MAX = 400;
