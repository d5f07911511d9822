// The one clock seam: every door reads the time here, once per request, and passes it into the actions and rules.
// Tests hand the doors a fixed clock instead, so a fixture dated to one day still passes on any other.

export type Clock = () => number;

export const wallClock: Clock = () => Date.now();

/** A clock that always says `at` (milliseconds since the epoch): what tests pass through every door. */
export const fixedClock =
  (at: number): Clock =>
  () =>
    at;
