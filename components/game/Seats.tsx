// The seats in order, with who holds each (people, agents and bots marked) and whose turn it is.
import type { TableState } from "@/server/actions/game";

const KIND: Record<string, string> = {
  person: "",
  agent: "bg-indigo-100 text-indigo-800",
  bot: "bg-stone-200 text-stone-700",
  model: "bg-amber-100 text-amber-900",
};

/** A house bot's character, in a word and in a sentence (the bot's strategy, server/rules/game/strategies.ts). */
const STRATEGY_WORD = { cooperative: "cooperative", hard: "hard bargainer", bluffer: "bluffer" } as const;
const STRATEGY_TEXT = {
  cooperative:
    "Tells its aims truly, one at a time, and comes down early; lets through any accord that beats its fallback.",
  hard: "Names an aim or two, never its weights, and holds out for the best it can reach until late in the table.",
  bluffer:
    "Mixes its aims with some it does not hold and comes down at an even pace; the reveal tells which were true.",
} as const;

export function Seats({
  seats,
  turn,
  acceptances = [],
}: {
  seats: TableState["seats"];
  turn: number | null;
  acceptances?: number[];
}) {
  return (
    <ol className="space-y-1 text-sm" data-testid="seats">
      {seats.map((s) => (
        <li
          key={s.index}
          className={`flex items-center gap-2 rounded px-2 py-1 ${turn === s.index ? "bg-teal-50 ring-1 ring-teal-300" : ""}`}
          data-testid="seat"
        >
          <span className="w-5 text-right text-xs text-stone-500">{s.index + 1}</span>
          <span className="font-medium">{s.name}</span>
          {s.kind !== "person" ? (
            <span
              className={`badge ${KIND[s.kind]}`}
              title={
                s.strategy
                  ? STRATEGY_TEXT[s.strategy]
                  : s.model
                    ? `A model player: the server asks ${s.model.provider} (${s.model.model}) with only what this seat may see.`
                    : undefined
              }
              data-testid={s.model ? "model-badge" : undefined}
            >
              {s.strategy
                ? `bot · ${STRATEGY_WORD[s.strategy]}`
                : s.model
                  ? `model · ${s.model.provider}`
                  : s.kind}
            </span>
          ) : null}
          {s.you ? <span className="badge bg-teal-100 text-teal-800">you</span> : null}
          {acceptances.includes(s.index) ? (
            <span className="badge bg-emerald-100 text-emerald-800">accepted</span>
          ) : null}
          {turn === s.index ? (
            <span className="ml-auto text-xs font-medium text-teal-700">to act</span>
          ) : null}
        </li>
      ))}
    </ol>
  );
}
