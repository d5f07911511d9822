// The minutes of a round table as Markdown: roster and sources, the question, every round, the inspector's verdicts,
// the vote table, the decision block verbatim, emptied seats, the human's ruling — in lens language throughout.
import type { Db } from "../../db";
import type { Who } from "../../identity";
import { ok, type Result } from "../../rules/result";
import { councilState } from "./read";
import { lensOf, type AnswerView, type CouncilView, type SeatView } from "./view";

/** A table cell: pipes and line breaks would break the row. */
const cell = (s: string | number | null | undefined) =>
  String(s ?? "")
    .replace(/\|/g, "\\|")
    .replace(/\r?\n/g, " ");
const when = (iso: string | null) => (iso ? iso.replace("T", " ").replace(/\.\d+Z$/, " UTC") : "—");
const str = (v: unknown) => (typeof v === "string" ? v : "");

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

/** One answer in a sentence, as the lens said it. */
export function answerLine(a: AnswerView): string {
  const r = a.reply;
  const lens = lensOf(a.name);
  switch (a.round) {
    case 1:
      return `${lens} holds **${a.position}** at ${a.confidence}/10. ${str(r.reasoning)}${str(r.what_would_change_your_mind) ? ` Would change its mind: ${str(r.what_would_change_your_mind)}` : ""}`.trim();
    case 2: {
      const ch = (r.challenge ?? {}) as { target?: unknown; critique?: unknown };
      const parts = [
        `${lens} holds **${a.position}** at ${a.confidence}/10.`,
        str(ch.target) ? `It challenges ${lensOf(str(ch.target))}: ${str(ch.critique)}` : "",
        str(r.self_update) ? `Update: ${str(r.self_update)}.` : "",
        str(r.reasoning),
      ];
      return parts.filter(Boolean).join(" ");
    }
    case 3: {
      const allies = Array.isArray(r.coalition_with) ? (r.coalition_with as string[]) : [];
      const parts = [
        `${lens} holds **${a.position}** at ${a.confidence}/10.`,
        str(r.axis_that_decides_my_vote) ? `Deciding axis: ${str(r.axis_that_decides_my_vote)}.` : "",
        allies.length ? `Stands with ${allies.map(lensOf).join(", ")}.` : "",
        str(r.flip_condition) ? `Would flip if: ${str(r.flip_condition)}` : "",
      ];
      return parts.filter(Boolean).join(" ");
    }
    default:
      return `${lens} voted **${a.position}** at ${a.confidence}/10. ${str(r.one_line_rationale)}`.trim();
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

/** The minutes, from the table as this viewer may see it (an open round's answers are not in them). */
export function minutesMarkdown(v: CouncilView): string {
  const out: string[] = [];
  out.push(`# Minutes — Round Table ${v.id}`, "");
  out.push(`**The question:** ${v.question}`, "");
  out.push(
    `Convened by ${v.facilitator.name}, ${when(v.createdAt)} · status: ${v.status} · state id \`${v.stateId}\`${v.imported ? " · imported from a state file" : ""}`,
    "",
  );
  out.push(
    "A decision here is advice: each soul is a lens, and the engine — not a model — does the arithmetic.",
    "",
  );

  out.push("## Context", "", v.context.trim() === "" ? "(none given)" : v.context.trim(), "");
  out.push("## Options", "", ...v.options.map((o, i) => `${i + 1}. \`${o}\``), "");
  out.push(
    `Aggregator: \`${v.aggregator}\` · values keywords: ${v.valuesKeywords.length ? v.valuesKeywords.join(", ") : "none (the value check is off)"}`,
    "",
  );

  out.push("## The roster", "", "| seat | soul's source | worn by | status |", "| --- | --- | --- | --- |");
  for (const s of v.seats)
    out.push(
      `| ${cell(s.lens)} | ${cell(sourceOf(s))} | ${cell(wornByOf(s))} | ${s.status === "live" ? "live" : `emptied in round ${s.emptiedRound ?? "?"}`} |`,
    );
  out.push("", "### The souls", "");
  for (const s of v.seats)
    out.push(
      `**${s.name}** — ${sourceOf(s)}`,
      "",
      ...s.soul
        .trim()
        .split(/\r?\n/)
        .map((l) => `> ${l}`),
      "",
    );

  for (const r of v.rounds) {
    out.push(`## Round ${r.round} — ${r.name}`, "");
    out.push(
      r.open
        ? `Opened ${when(r.openedAt)}; open until ${when(r.deadlineAt)}. Answered so far: ${r.answered.map(lensOf).join(", ") || "nobody"} (answers are shown when the round closes).`
        : `Opened ${when(r.openedAt)}, closed ${when(r.closedAt)} (${r.closedBecause ?? "closed"}).`,
      "",
    );
    for (const a of r.open ? [] : r.answers) out.push(`- ${answerLine(a)}`);
    if (!r.open && r.answers.length === 0) out.push("- (no answers)");
    const bad = v.failures.filter((f) => f.round === r.round);
    if (bad.length) {
      out.push("", "Bad replies:");
      for (const f of bad)
        out.push(
          `- ${lensOf(f.name)}, attempt ${f.attempt}: ${f.problem ?? "(shown when the round closes)"}`,
        );
    }
    const verdict = v.verdicts.find((x) => x.afterRound === r.round);
    if (
      verdict &&
      verdict.verdict !== "DECIDED" &&
      verdict.verdict !== "ESCALATE" &&
      verdict.verdict !== "RE-PROMPT"
    )
      out.push("", `The inspector after round ${r.round}: \`${verdict.line}\`${confirmation(verdict)}`);
    if (r.round === 2 && v.axes) out.push("", "Axes for round 3:", ...v.axes.map((a) => `- ${a}`));
    out.push("");
  }

  if (v.result && v.result.votes.length) {
    out.push("## The vote", "", "| soul | vote | confidence | rationale |", "| --- | --- | --- | --- |");
    for (const x of v.result.votes)
      out.push(`| ${cell(x.lens)} | ${cell(x.vote)} | ${x.confidence} | ${cell(x.rationale)} |`);
    out.push("");
    const notes = v.result.votes.filter((x) => x.dissentNote);
    if (notes.length) out.push("Dissent notes:", ...notes.map((x) => `- ${x.lens}: ${x.dissentNote}`), "");
    out.push(
      ...v.result.votes.map(
        (x) => `- ${x.lens[0]!.toUpperCase()}${x.lens.slice(1)} voted ${x.vote} at ${x.confidence}.`,
      ),
      "",
    );
  }

  out.push("## Decision", "");
  if (v.result) out.push("```", ...v.result.lines, "```", "");
  else out.push("No decision yet: the table is still deliberating.", "");

  out.push("## Emptied seats", "");
  const emptied = v.seats.filter((s) => s.status === "emptied");
  if (emptied.length === 0) out.push("None.", "");
  else
    out.push(
      ...emptied.map(
        (s) => `- ${s.lens} — round ${s.emptiedRound ?? "?"}: ${s.emptiedReason ?? "no reason recorded"}`,
      ),
      "",
    );

  out.push("## The human's ruling", "");
  if (v.ruling)
    out.push(
      `${v.ruling.by} ruled **${v.ruling.choice}** on ${when(v.ruling.at)}: ${v.ruling.reason}`,
      "",
      "The ruling stands beside the table's result; it does not replace it.",
      "",
    );
  else if (v.result?.kind === "escalated") out.push("The table escalated; no ruling is recorded yet.", "");
  else if (v.result?.kind === "decided") out.push("None needed: the table decided.", "");
  else out.push("None.", "");

  if (v.calls.length) {
    out.push(
      "## Model calls",
      "",
      "| soul | round | attempt | provider · model | tokens in / out | latency | cost | result |",
      "| --- | --- | --- | --- | --- | --- | --- | --- |",
    );
    for (const c of v.calls)
      out.push(
        `| ${cell(lensOf(c.name))} | ${c.round} | ${c.attempt} | ${cell(`${c.provider} · ${c.model}`)} | ${c.tokensIn ?? "—"} / ${c.tokensOut ?? "—"} | ${c.latencyMs === null ? "—" : `${c.latencyMs} ms`} | ${c.costUsd === null ? "—" : `$${c.costUsd.toFixed(4)}`} | ${c.ok === null ? "pending" : c.ok ? "ok" : cell(`failed: ${c.error ?? ""}`)} |`,
      );
    out.push("");
  }
  return out.join("\n");
}

export async function councilMinutes(
  db: Db,
  who: Who,
  input: { id: unknown },
  now = Date.now(),
): Promise<Result<{ markdown: string; filename: string }>> {
  const s = await councilState(db, who, input, now);
  if (!s.ok) return s;
  return ok({ markdown: minutesMarkdown(s.value), filename: `round-table-${s.value.id}-minutes.md` });
}
