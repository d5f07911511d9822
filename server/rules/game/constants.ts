// The fixed numbers of §2: every number of the game lives here once, and pages and docs read them.

export const SEATS_MIN = 4;
export const SEATS_MAX = 6;
/** What a new table offers when its host does not say (the worked example's size). */
export const SEATS_DEFAULT = 5;
export const CHARTER_CLAUSES = 7;
/** Three aims on three different clauses; the weights are given in the order the aims are drawn. */
export const AIM_WEIGHTS = [3, 2, 1] as const;
export const FALLBACK_MIN = 0;
export const FALLBACK_MAX = 2;

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;

export const TURN_WINDOW_MIN_MS = 15 * MINUTE_MS;
export const TURN_WINDOW_MAX_MS = 48 * HOUR_MS;
export const TURN_WINDOW_DEFAULT_MS = 6 * HOUR_MS;
export const DEADLINE_MIN_MS = HOUR_MS;
export const DEADLINE_MAX_MS = 14 * DAY_MS;
export const DEADLINE_DEFAULT_MS = 24 * HOUR_MS;
/** A deadline is never shorter than this many turn windows. */
export const DEADLINE_MIN_WINDOWS = 2;

/** Characters (Unicode code points, after trimming) of free text on any act. */
export const SAID_MAX = 280;
/** Said claims on one act; the spec is silent, so one per charter clause is the ceiling. @alias of CHARTER_CLAUSES */
export const SAID_CLAIMS_MAX = CHARTER_CLAUSES;
/** §12: how many whispers one seat may send over a whole table. */
export const WHISPERS_PER_SEAT = 24;
/** Characters (code points, after trimming) of a table's title. */
export const TITLE_MIN = 1;
export const TITLE_MAX = 80;

/** Bytes of a table's seed (256 bits); the commitment is the SHA-256 of exactly these bytes. */
export const SEED_BYTES = 32;

/** The quorum for the n seats that took part at the start: ⌈n/2⌉ + 1. */
export const quorumFor = (n: number): number => Math.ceil(n / 2) + 1;
