// The roster: each soul, where its text came from, who wears it, and whether it has answered the open round.
import type { CouncilView } from "@/server/actions/council";

const WEARER: Record<string, string> = {
  person: "bg-sky-100 text-sky-800",
  agent: "bg-violet-100 text-violet-800",
  model: "bg-stone-200 text-stone-700",
  nobody: "bg-stone-100 text-stone-700",
};

export function SeatsPanel({
  view,
  onHide,
}: {
  view: CouncilView;
  /** An admin's: hide this seat's soul text (the reason is the moderator panel's). */
  onHide?: (seat: string) => void;
}) {
  const open = view.rounds.find((r) => r.open);
  return (
    <section className="card space-y-2" data-testid="seats">
      <h2 className="font-semibold">The souls</h2>
      <ul className="space-y-2 text-sm">
        {view.seats.map((s) => {
          const answered = open?.answered.includes(s.name);
          return (
            <li
              key={s.name}
              className="space-y-0.5"
              data-testid="seat-row"
              data-seat={s.name}
              data-answered={answered ? "yes" : "no"}
            >
              <div className="flex flex-wrap items-center gap-2">
                <span
                  className={`font-medium ${s.status === "emptied" ? "text-stone-500 line-through" : ""}`}
                >
                  {s.name}
                </span>
                <span className={`badge ${WEARER[s.wearer] ?? ""}`}>
                  {s.wearer === "model"
                    ? s.wornBy
                    : s.wearer === "nobody"
                      ? "imported"
                      : `${s.wearer}: ${s.wornBy}`}
                </span>
                {s.you ? <span className="badge bg-teal-700 text-white">you</span> : null}
                {s.status === "emptied" ? (
                  <span className="badge bg-rose-100 text-rose-800">emptied</span>
                ) : open ? (
                  answered ? (
                    <span className="badge bg-emerald-100 text-emerald-800">answered</span>
                  ) : (
                    <span className="badge bg-amber-100 text-amber-800">waiting</span>
                  )
                ) : null}
              </div>
              <p className="text-xs text-stone-500">
                {s.soulSource === "habit" ? "habit" : s.soulSource}
                {s.sourceLabel ? ` · ${s.sourceLabel}` : ""} —{" "}
                <span className="italic">{s.soul.length > 120 ? `${s.soul.slice(0, 120)}…` : s.soul}</span>
                {onHide && !view.moderation.some((e) => e.seat === s.name) ? (
                  <button
                    className="btn-quiet ml-2 text-xs"
                    data-testid="soul-hide"
                    aria-label={`Hide ${s.name}'s soul text`}
                    onClick={() => onHide(s.name)}
                  >
                    Hide
                  </button>
                ) : null}
              </p>
              {s.status === "emptied" ? (
                <p className="text-xs text-rose-700">
                  Emptied in round {s.emptiedRound}: {s.emptiedReason}
                </p>
              ) : null}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
