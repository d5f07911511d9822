// One table in the terminal, section by section: seats, clock, may, the charter grid, charges, sworn, said, acts.
import { span, timeAgo, timeLeft } from "@/components/ui/when";
import type { TableState } from "@/server/actions/game";
import type { Accord, Charge } from "@/server/rules/game";
import { isHost, seated, type TtyState } from "./state";

export const pad = (text: string, width: number) => text.padEnd(width);

type Game = NonNullable<TableState["game"]>;

export function tableView(state: TtyState, table: TableState, logTail: number): string[] {
  const game = table.game;
  const mine = seated(state);
  const lines = [
    `#${table.id}  ${table.title}`,
    `${table.status} · host ${table.host.name}${table.host.kind === "agent" ? " (agent)" : ""} · ${table.seats.length} of ${table.seatsMax} seats · quorum ${table.quorum}`,
    "",
    ...seatLines(table),
    "",
    clockLine(table, state.now),
  ];
  if (table.commitment) lines.push(`Commitment ${table.commitment}`);
  if (table.seed)
    lines.push(
      `Seed ${table.seed}`,
      `  check it: parley game deal --seed SEED --seats ${table.seats.length} prints the commitment above`,
    );
  if (!game) {
    lines.push(...beforeStart(state, table));
    return lines;
  }
  if (mine && game.status === "playing") lines.push("", ...mayLines(game));
  lines.push("", ...charterGrid(game, mine ? game.charge : null, table));
  if (mine && game.charge && !game.charges) lines.push(...yourCharge(game, game.charge));
  if (game.standings) lines.push("", ...standingLines(table, game));
  lines.push("", ...swornLines(table, game), "", ...saidLines(table, game));
  lines.push("", ...actLog(table, game, state.now, logTail));
  return lines;
}

const nameOf = (table: TableState, seat: number) => table.seats[seat]?.name ?? `seat ${seat + 1}`;

function seatLines(table: TableState): string[] {
  const game = table.game;
  const width = Math.max(8, ...table.seats.map((s) => s.name.length + (s.you ? 6 : 0)));
  const lines = table.seats.map((s) => {
    const marks: string[] = [];
    if (game?.turn === s.index) marks.push("to act");
    if (game?.acceptances.includes(s.index)) marks.push("accepted");
    const standing = game?.standings?.find((st) => st.seat === s.index);
    if (standing) marks.push(`payoff ${standing.payoff} (${signed(standing.overFallback)})`);
    const who = pad(`${s.index + 1}. ${s.name}${s.you ? " (you)" : ""}`, width + 4);
    return `  ${who} ${pad(s.kind, 7)} ${marks.join(" · ")}`.trimEnd();
  });
  for (let i = table.seats.length; i < table.seatsMax && !game; i++) lines.push(`  ${i + 1}. — free —`);
  return [`Seats`, ...lines];
}

const nameWidth = (table: TableState) => Math.max(6, ...table.seats.map((s) => s.name.length));
const signed = (n: number) => (n >= 0 ? `+${n}` : String(n));

function clockLine(table: TableState, now: number): string {
  const game = table.game;
  if (!game)
    return `Clock: not started · turn window ${span(table.turnWindowMs)} · deadline ${span(table.deadlineMs)} after the start`;
  if (game.status === "bound")
    return `Bound ${game.boundAt === null ? "" : timeAgo(game.boundAt, now)}: the standing offer reached the quorum and the table is settled.`;
  if (game.status === "ended")
    return `Ended unsettled ${game.endedAt === null ? "" : timeAgo(game.endedAt, now)}: no accord; every seat takes its fallback.`;
  const turn =
    game.turn === null
      ? ""
      : `${nameOf(table, game.turn)} to act, ${game.turnEndsAt === null ? "" : timeLeft(game.turnEndsAt, now)} · `;
  return `Clock: ${turn}deadline ${timeLeft(game.deadlineAt, now)} · turn window ${span(game.turnWindowMs)}`;
}

function beforeStart(state: TtyState, table: TableState): string[] {
  if (!state.me) return ["", "The table has not started; the host deals it once enough seats are taken."];
  const may = table.lobby;
  if (!may) return [];
  const lines = ["", "Before the start"];
  const say = (what: string, answer: true | string) =>
    lines.push(`  ${pad(what, 15)} ${answer === true ? "yes" : answer}`);
  if (table.yourSeat === null) say("sit (s)", may.join);
  else say("leave (x)", may.leave);
  if (isHost(table)) {
    say("start (t)", may.start);
    say("fill bots (f)", may.fill);
  } else lines.push("  The host starts the table once enough seats are taken.");
  return lines;
}

/** Each setting's column is as wide as the widest setting at that place on the charter, so the grid lines up. */
export const columnsOf = (table: TableState, charter: readonly string[]): number[] => {
  const widths: number[] = [];
  for (const clause of charter)
    for (const [i, s] of (table.settings[clause] ?? []).entries())
      widths[i] = Math.max(widths[i] ?? 0, s.length + 2);
  return widths;
};

/** The settings of one clause in a row, the chosen one in brackets. */
export function settingCells(
  table: TableState,
  clause: string,
  chosen: string | undefined,
  columns: readonly number[],
): string {
  const settings = table.settings[clause] ?? [];
  return columns
    .map((width, i) => {
      const s = settings[i];
      return pad(s === undefined ? "" : s === chosen ? `[${s}]` : ` ${s} `, width);
    })
    .join(" ");
}

export function aimNote(charge: Charge | null, clause: string): string {
  const aim = charge?.aims.find((a) => a.clause === clause);
  return aim ? `your aim (${aim.weight}): ${aim.setting}` : "";
}

function charterGrid(game: Game, charge: Charge | null, table: TableState): string[] {
  const offer = game.standingOffer;
  const columns = columnsOf(table, game.charter);
  const title = offer
    ? `Charter — [standing offer]: ${nameOf(table, offer.seat)}'s, act ${offer.act} · ${game.acceptances.length} of ${game.quorum} accepted${game.acceptances.length ? `: ${game.acceptances.map((s) => nameOf(table, s)).join(", ")}` : ""}`
    : "Charter — no standing offer yet";
  return [
    title,
    ...game.charter.map((clause) =>
      `  ${pad(clause, 9)} ${settingCells(table, clause, offer?.accord[clause], columns)} ${aimNote(charge, clause)}`.trimEnd(),
    ),
  ];
}

export const claimText = (c: { clause: string; setting: string }) => `${c.clause} = ${c.setting}`;

function yourCharge(game: Game, charge: Charge): string[] {
  const aims = charge.aims.map((a) => `${claimText(a)} (${a.weight})`).join(", ");
  const lines = ["", `Your charge (yours only): ${aims}; fallback ${charge.fallback}`];
  if (game.yourPayoff !== null)
    lines.push(`The standing offer would pay you ${game.yourPayoff} (your fallback is ${charge.fallback}).`);
  return lines;
}

/** After the reveal: seats by payoff (ties share a place; the seats above show each over its fallback), with charges. */
function standingLines(table: TableState, game: Game): string[] {
  const lines = ["Standings, and every charge (revealed)"];
  for (const s of game.standings ?? []) {
    const charge = game.charges?.[s.seat];
    const aims = charge
      ? `  ${charge.aims.map((a) => `${claimText(a)} (${a.weight})`).join(", ")}; fallback ${charge.fallback}`
      : "";
    lines.push(
      `  ${s.place}. ${pad(nameOf(table, s.seat), nameWidth(table))} ${String(s.payoff).padStart(2)}${aims}`,
    );
  }
  return lines;
}

function swornLines(table: TableState, game: Game): string[] {
  const lines = ["Sworn (true by construction)"];
  if (game.sworn.length === 0) lines.push("  none yet");
  for (const s of game.sworn) lines.push(`  ${nameOf(table, s.seat)} swore ${claimText(s)} · act ${s.act}`);
  return lines;
}

/** One line per act that said something: its text, then each claim marked unchecked, true or false. */
function saidLines(table: TableState, game: Game): string[] {
  const lines = ["Said (cheap talk, checked at the reveal)"];
  if (game.said.length === 0) lines.push("  none yet");
  const acts = [...new Set(game.said.map((s) => s.act))];
  for (const act of acts) {
    const entries = game.said.filter((s) => s.act === act);
    const text = entries.find((s) => s.text !== undefined)?.text;
    const claims = entries.flatMap((s) =>
      s.clause === undefined || s.setting === undefined
        ? []
        : [
            `${s.clause} = ${s.setting}: ${s.truthful === null ? "unchecked" : s.truthful ? "true" : "false"}`,
          ],
    );
    const said = [text === undefined ? "" : `"${text}"`, claims.join(", ")].filter(Boolean).join(" — ");
    lines.push(`  ${nameOf(table, entries[0]!.seat)}, act ${act}: ${said}`);
  }
  return lines;
}

export const accordText = (accord: Accord, charter: readonly string[]) =>
  charter.map((c) => `${c} ${accord[c] ?? "?"}`).join(", ");

function actLog(table: TableState, game: Game, now: number, tail: number): string[] {
  const acts = game.acts.slice(-tail);
  const lines = [
    `Acts (${acts.length === game.acts.length ? "all" : `last ${acts.length}`} of ${game.acts.length})`,
  ];
  if (game.acts.length === 0) lines.push("  none yet");
  for (const a of acts) {
    let what: string;
    if (a.type === "offer") what = `offered ${accordText(a.accord, game.charter)}`;
    else if (a.type === "accept") what = `accepted${a.cite ? `, swore ${claimText(a.cite)}` : ""}`;
    else what = a.by === "clock" ? "the clock passed: the turn window ran out" : "passed";
    const said = a.said?.text !== undefined ? ` · said "${a.said.text}"` : "";
    lines.push(
      `  ${String(a.index).padStart(3)}  ${pad(nameOf(table, a.seat), nameWidth(table))} ${pad(timeAgo(a.at, now), 9)} ${what}${said}`,
    );
  }
  return lines;
}

function mayLines(game: Game): string[] {
  const may = game.may;
  if (!may) return [];
  const answers = [may.offer, may.accept, may.pass];
  const refusal = answers.find((a) => a !== true);
  if (typeof refusal === "string" && answers.every((a) => a === refusal)) return [`You wait: ${refusal}`];
  const lines = ["Your turn"];
  const say = (what: string, answer: true | string, extra = "") =>
    lines.push(`  ${pad(what, 12)} ${answer === true ? `yes${extra}` : answer}`);
  say("offer (c)", may.offer);
  say("accept (a)", may.accept, may.cite.length ? ` — swear ${may.cite.map(claimText).join(" or ")}` : "");
  say("pass (p)", may.pass);
  return lines;
}
