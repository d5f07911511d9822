// A first draft of round 3's disagreement axes, read off rounds 1–2; the facilitator edits it.
import { RATIONALE_MAX } from "./constants";
import { stanceOf, type Answer } from "./replies";

export const AXES_MIN = 2;
export const AXES_MAX = 4;

/** Used only when the transcript gives too little to point at. */
const FALLBACK_AXES = [
  "whether the facts in the context are enough to decide now",
  "what it would cost to be wrong, and whether the choice can be undone",
];

/** One line, short enough to read at a glance. */
function oneLine(text: string): string {
  const flat = text.replace(/\s+/g, " ").trim();
  const chars = [...flat];
  return chars.length <= RATIONALE_MAX
    ? flat
    : `${chars
        .slice(0, RATIONALE_MAX - 1)
        .join("")
        .trimEnd()}…`;
}

/**
 * Draft 2–4 axes, most telling first: the two largest camps, round-2 challenges across camps,
 * seats that moved and why, and the spread of confidence. Deterministic: same transcript, same draft. Given the
 * seats, rounds 1–2 are read round by round in seat order, not in the order the answers arrived: model seats are
 * asked at once and answer in whichever order their calls come back, and every door must draft the same axes.
 */
export function draftAxes(input: {
  options: readonly string[];
  transcript: readonly Answer[];
  seats?: readonly { name: string }[];
}): string[] {
  const seatOf = new Map(input.seats?.map((s, i) => [s.name, i]));
  const early = input.transcript
    .filter((a) => a.round === 1 || a.round === 2)
    .map((a, i) => ({ a, i }))
    .sort(
      (x, y) =>
        x.a.round - y.a.round || (seatOf.get(x.a.name) ?? x.i) - (seatOf.get(y.a.name) ?? y.i) || x.i - y.i,
    )
    .map((x) => x.a);
  const names = [...new Set(early.map((a) => a.name))];
  const latest = new Map<string, Answer>();
  for (const name of names) {
    const mine = early.filter((a) => a.name === name);
    const last = mine.find((a) => a.round === 2) ?? mine[0];
    if (last) latest.set(name, last);
  }
  const positionOf = (name: string) => {
    const a = latest.get(name);
    return a ? stanceOf(a).position : undefined;
  };

  const axes: string[] = [];
  const camps = input.options
    .map((option) => ({ option, holders: names.filter((n) => positionOf(n) === option) }))
    .filter((c) => c.holders.length > 0)
    .sort((a, b) => b.holders.length - a.holders.length);
  const [first, second] = camps;
  if (first && second) {
    axes.push(
      `${first.option} or ${second.option}: ${first.holders.join(", ")} against ${second.holders.join(", ")}`,
    );
  }

  for (const a of early) {
    if (a.round !== 2) continue;
    const { target, critique } = a.reply.challenge;
    if (positionOf(target) !== positionOf(a.name) && critique.trim() !== "") {
      axes.push(`${a.name} challenges ${target}: ${critique}`);
    }
  }

  for (const a of early) {
    if (a.round !== 2) continue;
    const before = early.find((b) => b.round === 1 && b.name === a.name);
    if (before && stanceOf(before).position !== a.reply.position) {
      axes.push(
        `what moved ${a.name} from ${stanceOf(before).position} to ${a.reply.position}: ${a.reply.self_update}`,
      );
    }
  }

  const sure = [...latest.entries()].map(([name, a]) => ({ name, confidence: stanceOf(a).confidence }));
  const low = sure.reduce<(typeof sure)[number] | undefined>(
    (m, s) => (m && m.confidence <= s.confidence ? m : s),
    undefined,
  );
  const high = sure.reduce<(typeof sure)[number] | undefined>(
    (m, s) => (m && m.confidence >= s.confidence ? m : s),
    undefined,
  );
  if (low && high && high.confidence - low.confidence >= 4) {
    axes.push(
      `how sure anyone can be: ${low.name} is at ${low.confidence}, ${high.name} at ${high.confidence}`,
    );
  }

  const doubter = low ? early.find((a) => a.round === 1 && a.name === low.name) : undefined;
  if (doubter?.round === 1 && doubter.reply.what_would_change_your_mind.trim() !== "") {
    axes.push(`${doubter.name} would change their mind if: ${doubter.reply.what_would_change_your_mind}`);
  }

  const drafted = [...new Set(axes.map(oneLine))].slice(0, AXES_MAX);
  for (const fallback of FALLBACK_AXES) if (drafted.length < AXES_MIN) drafted.push(fallback);
  return drafted;
}
