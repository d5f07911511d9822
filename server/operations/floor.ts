// What the doors' floor borrows from the actions — input parsing, the guards, whether a token still stands — so a
// door imports the operations and nothing behind them.
export { parseInput, type FieldNames } from "../actions/input";
export { person, signedIn } from "../actions/guard";
export { mayHaveRevoked, stillSignedIn } from "../actions/agents";
export { eventAudience } from "../actions/live";
