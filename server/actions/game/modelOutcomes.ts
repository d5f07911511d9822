// What came of a model player's ask (game.md §13), in words anyone may read: the table view shows a pass's note.

/** Never the refusal's sentence, which can name the model's aims. */
export const OUTCOMES = {
  acted: "acted",
  refused: "its reply was refused; asked again",
  failed: "the provider failed; asked again",
  late: "its reply came after its turn had passed",
  retry: "the provider failed for now; tried again later",
  passedRefused: "its reply was refused twice, so it passed",
  passedFailed: "the provider failed twice, so it passed",
  passedBudget: "the table's budget for model calls is spent, so it passed",
  passedServerBudget: "the server's budget for model calls today is spent, so it passed",
} as const;

/** The outcomes that passed the model's turn for it: the act log says why beside the pass. */
export const PASSED: ReadonlySet<string> = new Set([
  OUTCOMES.passedRefused,
  OUTCOMES.passedFailed,
  OUTCOMES.passedBudget,
  OUTCOMES.passedServerBudget,
]);
