// Step 0 — is this a Round Table question? The convener answers each of three, in one sentence apiece: what will be
// done differently depending on the answer, why these options, what a wrong call costs (council.md "Convening").

export const FIT_KEYS = ["decision", "options", "stakes"] as const;
export type FitKey = (typeof FIT_KEYS)[number];
export type Fit = Record<FitKey, string>;

/** What each answer says, as the minutes and the refusals name it. */
export const FIT_ASKS: Record<FitKey, string> = {
  decision: "what will be done differently depending on the answer",
  options: "why these options",
  stakes: "what a wrong call costs",
};
