// How much of the act log a table's page carries and shows at first. Shared by the page (a server component, which
// sends only the newest acts) and the log (a client component): a constant exported from a client module would reach
// a server component as a client reference, not as the number.
import type { TableState } from "@/server/actions/game";

/** The newest acts the page sends and the log shows until the reader asks for the earlier ones. */
export const ACT_LOG_RECENT = 30;

/**
 * The table's state with only its newest acts, and of the said list only the claims (the claims panel shows those;
 * a said text is shown with its act): a table played over hours holds hundreds of acts, and the page carried every
 * one twice (as HTML and in the client's initial data). The log fetches the rest when asked; a live refresh brings
 * them all anyway.
 */
export function newestActs(state: TableState, n = ACT_LOG_RECENT): TableState {
  const g = state.game;
  if (!g || g.acts.length <= n) return state;
  return { ...state, game: { ...g, acts: g.acts.slice(-n), said: g.said.filter((s) => s.clause) } };
}
