// The minutes of a round table: roster and sources, the question, every round, the inspector's verdicts, the vote
// table, the decision block verbatim, emptied seats, the human's ruling — in lens language throughout. Built as a
// document from the table's data (./markdown), so what anyone wrote is text in it and never its structure.
import type { Db } from "../../db";
import type { Who } from "../../identity";
import { FIT_ASKS, FIT_KEYS } from "../../rules/council";
import { ok, type Result } from "../../rules/result";
import { code, linesOf, strong, text, toMarkdown, type Block, type MinutesDoc, type Span } from "./markdown";
import { councilState } from "./read";
import { lensOf, type AnswerView, type CouncilView, type SeatView } from "./view";

export type { MinutesDoc } from "./markdown";

const when = (iso: string | null) => (iso ? iso.replace("T", " ").replace(/\.\d+Z$/, " UTC") : "—");
const str = (v: unknown) => (typeof v === "string" ? v : "");
const capital = (s: string) => `${s.slice(0, 1).toUpperCase()}${s.slice(1)}`;

const para = (...spans: (Span | string)[]): Block => ({
  kind: "paragraph",
  spans: spans.map((s) => (typeof s === "string" ? text(s) : s)),
});
const list = (items: (Span | string)[][], ordered = false): Block => ({
  kind: "list",
  ordered,
  items: items.map((it) => it.map((s) => (typeof s === "string" ? text(s) : s))),
});
const heading = (level: 1 | 2 | 3, s: string): Block => ({ kind: "heading", level, spans: [text(s)] });
/** A writer's multi-line text, exactly as written. */
const verbatim = (s: string): Block => ({ kind: "verbatim", role: "text", lines: linesOf(s) });
const table = (head: string[], rows: (string | number | Span)[][]): Block => ({
  kind: "table",
  head,
  rows: rows.map((r) => r.map((c) => [typeof c === "object" ? c : text(c)])),
});

const SOURCE: Record<string, string> = {
  pasted: "pasted persona text",
  uploaded: "uploaded file",
  habit: "a person's one-line habit",
};

export function sourceOf(s: Pick<SeatView, "soulSource" | "sourceLabel">): string {
  const what = SOURCE[s.soulSource] ?? s.soulSource;
  return s.sourceLabel ? `${what} (${s.sourceLabel})` : what;
}

export function wornByOf(s: Pick<SeatView, "wearer" | "wornBy">): string {
  return s.wearer === "nobody" ? "nobody (imported)" : `${s.wearer}: ${s.wornBy}`;
}

/** One answer in a sentence, as the lens said it: the engine's words around the writer's, all of it text. */
export function answerLine(a: AnswerView): Span[] {
  const r = a.reply;
  const lens = lensOf(a.name);
  const holds = (verb: string) => [
    text(`${lens} ${verb} `),
    strong(a.position),
    text(` at ${a.confidence}/10.`),
  ];
  const also = (...parts: string[]) => parts.filter(Boolean).map((p) => text(` ${p}`));
  switch (a.round) {
    case 1:
      return [
        ...holds("holds"),
        ...also(
          str(r.reasoning),
          str(r.what_would_change_your_mind)
            ? `Would change its mind: ${str(r.what_would_change_your_mind)}`
            : "",
        ),
      ];
    case 2: {
      const ch = (r.challenge ?? {}) as { target?: unknown; critique?: unknown };
      return [
        ...holds("holds"),
        ...also(
          str(ch.target) ? `It challenges ${lensOf(str(ch.target))}: ${str(ch.critique)}` : "",
          str(r.self_update) ? `Update: ${str(r.self_update)}.` : "",
          str(r.reasoning),
        ),
      ];
    }
    case 3: {
      const allies = Array.isArray(r.coalition_with) ? (r.coalition_with as unknown[]).map(str) : [];
      return [
        ...holds("holds"),
        ...also(
          str(r.axis_that_decides_my_vote) ? `Deciding axis: ${str(r.axis_that_decides_my_vote)}.` : "",
          allies.length ? `Stands with ${allies.map(lensOf).join(", ")}.` : "",
          str(r.flip_condition) ? `Would flip if: ${str(r.flip_condition)}` : "",
        ),
      ];
    }
    default:
      return [...holds("voted"), ...also(str(r.one_line_rationale))];
  }
}

function confirmation(v: CouncilView["verdicts"][number]): string {
  if (!v.ask) return "";
  if (v.confirmed === null) return ` — asked the facilitator: “${v.ask}” (not answered yet)`;
  const answer = v.confirmed ? "yes" : "no";
  return v.confirmedBy
    ? ` — the facilitator (${v.confirmedBy}) answered ${answer}`
    : ` — nobody answered before the deadline, so the answer was ${answer}`;
}

/** Step 0's three answers, as the convener wrote them; an imported record says it had none. */
export function stepZero(v: Pick<CouncilView, "fit" | "imported">): Block[] {
  const fit = v.fit;
  if (!fit)
    return [
      para(
        strong("Step 0:"),
        v.imported
          ? " none — an imported record: the state file carries no answers to Step 0."
          : " none recorded — convened before Step 0 was asked at every door.",
      ),
    ];
  return [
    para(strong("Step 0 — why this is a Round Table question:")),
    list(FIT_KEYS.map((k) => [strong(`${capital(FIT_ASKS[k])}:`), " ", fit[k]])),
  ];
}

function opening(v: CouncilView): Block[] {
  return [
    heading(1, `Minutes — Round Table ${v.id}`),
    para(strong("The question:"), " ", v.question),
    ...stepZero(v),
    para(
      `Convened by ${v.facilitator.name}, ${when(v.createdAt)} · status: ${v.status} · state id `,
      code(v.stateId),
      v.imported ? " · imported from a state file" : "",
    ),
    para(
      "A decision here is advice: each soul is a lens, and the engine — not a model — does the arithmetic.",
    ),
    heading(2, "Context"),
    v.context.trim() === "" ? para("(none given)") : verbatim(v.context.trim()),
    heading(2, "Options"),
    list(
      v.options.map((o) => [code(o)]),
      true,
    ),
    para(
      "Aggregator: ",
      code(v.aggregator),
      ` · values keywords: ${v.valuesKeywords.length ? v.valuesKeywords.join(", ") : "none (the value check is off)"}`,
    ),
    heading(2, "The roster"),
    table(
      ["seat", "soul's source", "worn by", "status"],
      v.seats.map((s) => [
        s.lens,
        sourceOf(s),
        wornByOf(s),
        s.status === "live" ? "live" : `emptied in round ${s.emptiedRound ?? "?"}`,
      ]),
    ),
    heading(3, "The souls"),
    ...v.seats.flatMap((s) => [para(strong(s.name), ` — ${sourceOf(s)}`), verbatim(s.soul.trim())]),
  ];
}

function rounds(v: CouncilView): Block[] {
  return v.rounds.flatMap((r) => {
    const out: Block[] = [heading(2, `Round ${r.round} — ${r.name}`)];
    out.push(
      para(
        r.open
          ? `Opened ${when(r.openedAt)}; open until ${when(r.deadlineAt)}. Answered so far: ${r.answered.map(lensOf).join(", ") || "nobody"} (answers are shown when the round closes).`
          : `Opened ${when(r.openedAt)}, closed ${when(r.closedAt)} (${r.closedBecause ?? "closed"}).`,
      ),
    );
    if (!r.open) out.push(list(r.answers.length ? r.answers.map(answerLine) : [["(no answers)"]]));
    const bad = v.failures.filter((f) => f.round === r.round);
    if (bad.length)
      out.push(
        para("Bad replies:"),
        list(
          bad.map((f) => [
            `${lensOf(f.name)}, attempt ${f.attempt}: ${f.problem ?? "(shown when the round closes)"}`,
          ]),
        ),
      );
    const verdict = v.verdicts.find((x) => x.afterRound === r.round);
    if (verdict && !["DECIDED", "ESCALATE", "RE-PROMPT"].includes(verdict.verdict))
      out.push(
        para(
          `The inspector after round ${r.round}: `,
          code(verdict.line),
          confirmation(verdict),
          verdict.departure ? ` ${verdict.departure}` : "",
        ),
      );
    if (r.round === 2 && v.axes)
      out.push(
        para(v.axesFrom ? `Axes for round 3 — ${v.axesFrom}:` : "Axes for round 3:"),
        list(v.axes.map((a) => [a])),
      );
    return out;
  });
}

function vote(v: CouncilView): Block[] {
  if (!v.result?.votes.length) return [];
  const votes = v.result.votes;
  const notes = votes.filter((x) => x.dissentNote);
  return [
    heading(2, "The vote"),
    table(
      ["soul", "vote", "confidence", "rationale"],
      votes.map((x) => [x.lens, x.vote, x.confidence, x.rationale]),
    ),
    // The votes in lens language before the notes: two lists in a row would read as one.
    list(votes.map((x) => [`${capital(x.lens)} voted ${x.vote} at ${x.confidence}.`])),
    ...(notes.length
      ? [para("Dissent notes:"), list(notes.map((x) => [`${x.lens}: ${x.dissentNote}`]))]
      : []),
  ];
}

function decision(v: CouncilView): Block[] {
  return [
    heading(2, "Decision"),
    v.result
      ? // The engine's count, line by line: the one block that reads like `parley council vote`.
        { kind: "verbatim", role: "decision", lines: v.result.lines }
      : para("No decision yet: the table is still deliberating."),
  ];
}

function emptied(v: CouncilView): Block[] {
  const seats = v.seats.filter((s) => s.status === "emptied");
  return [
    heading(2, "Emptied seats"),
    seats.length === 0
      ? para("None.")
      : list(
          seats.map((s) => [
            `${s.lens} — round ${s.emptiedRound ?? "?"}: ${s.emptiedReason ?? "no reason recorded"}`,
          ]),
        ),
  ];
}

function ruling(v: CouncilView): Block[] {
  const out: Block[] = [heading(2, "The human's ruling")];
  if (v.ruling)
    out.push(
      para(v.ruling.by, " ruled ", strong(v.ruling.choice), ` on ${when(v.ruling.at)}: `, v.ruling.reason),
      para("The ruling stands beside the table's result; it does not replace it."),
    );
  else if (v.result?.kind === "escalated") out.push(para("The table escalated; no ruling is recorded yet."));
  else if (v.result?.kind === "decided") out.push(para("None needed: the table decided."));
  else out.push(para("None."));
  return out;
}

function calls(v: CouncilView): Block[] {
  if (!v.calls.length) return [];
  return [
    heading(2, "Model calls"),
    table(
      ["soul", "round", "attempt", "provider · model", "tokens in / out", "latency", "cost", "result"],
      v.calls.map((c) => [
        c.task === "axes" ? c.name : lensOf(c.name),
        c.round,
        c.try > 1 ? `${c.attempt} (try ${c.try})` : c.attempt,
        `${c.provider} · ${c.model}`,
        `${c.tokensIn ?? "—"} / ${c.tokensOut ?? "—"}`,
        c.latencyMs === null ? "—" : `${c.latencyMs} ms`,
        c.costUsd === null ? "—" : `$${c.costUsd.toFixed(4)}`,
        c.ok === null
          ? "pending"
          : c.ok
            ? "ok"
            : `failed: ${c.error ?? ""}${c.retryAt ? ` (tried again from ${c.retryAt})` : ""}`,
      ]),
    ),
  ];
}

/** The minutes, from the table as this viewer may see it (an open round's answers are not in them). */
export function minutesDoc(v: CouncilView): MinutesDoc {
  return [...opening(v), ...rounds(v), ...vote(v), ...decision(v), ...emptied(v), ...ruling(v), ...calls(v)];
}

export async function councilMinutes(
  db: Db,
  who: Who,
  input: { id: number },
  now: number,
): Promise<Result<{ markdown: string; filename: string; doc: MinutesDoc }>> {
  const s = await councilState(db, who, input, now);
  if (!s.ok) return s;
  const doc = minutesDoc(s.value);
  return ok({ markdown: toMarkdown(doc), filename: `round-table-${s.value.id}-minutes.md`, doc });
}
