// One round's positions and confidences: a bar per option, one segment per soul (its confidence), on a scale of
// the top confidence × the souls who answered — so a glance shows where the table leans and how sure it is.
import type { AnswerView } from "@/server/actions/council";

const HUES = [
  "bg-teal-600",
  "bg-sky-600",
  "bg-amber-500",
  "bg-rose-500",
  "bg-violet-600",
  "bg-lime-600",
  "bg-stone-500",
  "bg-fuchsia-600",
];

export function RoundChart({
  options,
  answers,
  names,
  max,
}: {
  options: string[];
  answers: AnswerView[];
  names: string[];
  max: number;
}) {
  const hue = (name: string) => HUES[Math.max(0, names.indexOf(name)) % HUES.length]!;
  const scale = Math.max(1, max * answers.length);
  return (
    <div className="space-y-1.5" data-testid="round-chart">
      {options.map((o) => {
        const mine = answers.filter((a) => a.position === o);
        const sum = mine.reduce((s, a) => s + a.confidence, 0);
        return (
          <div key={o} className="grid grid-cols-[9rem_1fr_3rem] items-center gap-2 text-xs">
            <span className="truncate font-mono" title={o}>
              {o}
            </span>
            <div className="flex h-5 overflow-hidden rounded bg-stone-100">
              {mine.map((a) => (
                <div
                  key={a.name}
                  className={`${hue(a.name)} flex items-center justify-center border-r border-white/60 text-[10px] text-white`}
                  style={{ width: `${(100 * a.confidence) / scale}%` }}
                  title={`${a.name}: ${o} at ${a.confidence}/${max}`}
                >
                  {a.confidence}
                </div>
              ))}
            </div>
            <span className="text-right tabular-nums text-stone-600">
              {sum}
              <span className="text-stone-500">/{scale}</span>
            </span>
          </div>
        );
      })}
      <div className="flex flex-wrap gap-x-3 gap-y-1 pt-1 text-[11px] text-stone-600">
        {answers.map((a) => (
          <span key={a.name} className="inline-flex items-center gap-1">
            <span className={`inline-block h-2.5 w-2.5 rounded-sm ${hue(a.name)}`} />
            {a.name}: {a.position} ({a.confidence})
          </span>
        ))}
      </div>
    </div>
  );
}
