// Running one of the terminal's commands: call the action, and say how the answer changes the state.
import type { Db } from "@/server/db";
import type { Who } from "@/server/identity";
import {
  act,
  fillWithBots,
  joinTable,
  leaveTable,
  listTables,
  startTable,
  tableState,
  type ActAnswer,
  type TableState,
} from "@/server/actions/game";
import type { Result } from "@/server/rules/result";
import { placeTableId, type Command, type Message, type TtyState } from "./state";

/** Applied to whatever the state is when the answer lands, so a slow read never undoes a key pressed meanwhile. */
export type Update = (state: TtyState) => TtyState;

export type RunDeps = {
  db: Db;
  who: Who;
  /** After a write: the loop lets the process's sweepers run (house bots, the clock), as a server process does. */
  afterWrite?: () => Promise<void>;
};

const same: Update = (s) => s;
const say =
  (message: Message | null): Update =>
  (s) => ({ ...s, message });

/** One command against the actions; `state` is the state the command was issued from. */
export async function runCommand(
  deps: RunDeps,
  state: TtyState,
  command: Command,
  now: number,
): Promise<Update> {
  const { db, who } = deps;
  switch (command.kind) {
    case "quit":
      return same;
    case "refresh": {
      const id = placeTableId(state.place);
      return id === null ? readLobby(deps, now) : readTable(deps, id, now);
    }
    case "open":
      return readTable(deps, command.id, now);
    case "join":
      return wrote(deps, command.id, now, await joinTable(db, who, { tableId: command.id }, now), (r) =>
        info(`You took seat ${r.seat + 1}.`),
      );
    case "leave":
      return wrote(deps, command.id, now, await leaveTable(db, who, { tableId: command.id }), () =>
        info("You gave your seat up."),
      );
    case "start":
      return wrote(deps, command.id, now, await startTable(db, who, { tableId: command.id }, now), (r) =>
        info(`The table is dealt and the clock runs; commitment ${r.commitment}.`),
      );
    case "fill":
      return wrote(deps, command.id, now, await fillWithBots(db, who, { tableId: command.id }), (r) =>
        info(
          `${r.seated} house bot${r.seated === 1 ? "" : "s"} took ${r.seated === 1 ? "a seat" : "seats"}.`,
        ),
      );
    case "offer":
    case "accept":
    case "pass": {
      const body =
        command.kind === "offer"
          ? { accord: command.accord }
          : command.kind === "accept" && command.cite
            ? { cite: command.cite }
            : {};
      const r = await act(db, who, command.kind, { tableId: command.id, body }, now);
      return wrote(deps, command.id, now, r, (answer, table) => info(actSentence(answer, table)));
    }
  }
}

const info = (text: string): Message => ({ tone: "info", text });

/** What the seat's own act did, in words, read from the table as it now stands. */
function actSentence(answer: ActAnswer, table: TableState | null): string {
  // The house bots may have moved after the act: the table as read now says whether it bound.
  const status = table?.status ?? answer.status;
  const bound =
    status === "bound" ? " The accord is bound." : status === "ended" ? " The table has ended." : "";
  if (answer.type === "offer")
    return `You offered an accord; it stands and every acceptance is cleared.${bound}`;
  if (answer.type === "pass") return `You passed.${bound}`;
  const oath = table?.game?.sworn.find((s) => s.act === answer.turn);
  return `You accepted${oath ? ` and swore ${oath.clause} = ${oath.setting}` : ""}.${bound}`;
}

/** After a write: its sentence (or the server's refusal), then the table read again. */
async function wrote<T>(
  deps: RunDeps,
  id: number,
  now: number,
  r: Result<T>,
  success: (value: T, table: TableState | null) => Message,
): Promise<Update> {
  if (r.ok) await deps.afterWrite?.();
  const read = await tableState(deps.db, deps.who, { tableId: id }, now);
  const table = read.ok ? read.value : null;
  const message: Message = r.ok ? success(r.value, table) : { tone: "error", text: r.message };
  return (s) => {
    const shown = table && placeTableId(s.place) === id ? { ...s, table } : s;
    return { ...shown, message };
  };
}

async function readTable(deps: RunDeps, id: number, now: number): Promise<Update> {
  const read = await tableState(deps.db, deps.who, { tableId: id }, now);
  if (read.ok) {
    const table = read.value;
    return (s) => (placeTableId(s.place) === id ? { ...s, table } : s);
  }
  // Gone, or never there: back to the lobby, saying so (as information: a guest sees no refusals).
  const back: Update = (s) =>
    placeTableId(s.place) === id ? { ...s, place: { kind: "lobby" }, table: null } : s;
  const lobby = await readLobby(deps, now);
  return (s) => say(info(`Table #${id}: ${read.message}`))(lobby(back(s)));
}

async function readLobby(deps: RunDeps, now: number): Promise<Update> {
  const read = await listTables(deps.db, deps.who, now);
  if (!read.ok) return say({ tone: "error", text: read.message });
  const tables = read.value.tables;
  return (s) => {
    // Keep the cursor on the same table when the list shifts under it (a new table opens at the top).
    const was = s.tables?.[s.cursor]?.id;
    const at = was === undefined ? -1 : tables.findIndex((t) => t.id === was);
    const cursor = at >= 0 ? at : Math.max(0, Math.min(s.cursor, tables.length - 1));
    return { ...s, tables, cursor };
  };
}
