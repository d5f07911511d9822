"use client";
// Before the start: sit, leave, seat house bots, start — each button disabled with the server's sentence why.
import type { LobbyMay } from "@/server/actions/game";

type Verb = "join" | "leave" | "fillWithBots" | "start";

export function LobbyPanel({ may, run, busy }: { may: LobbyMay; run: (verb: Verb) => void; busy: boolean }) {
  const item = (verb: Verb, key: keyof LobbyMay, label: string, quiet = false) => {
    const v = may[key];
    return (
      <div key={verb} className="flex items-center gap-2">
        <button
          className={quiet ? "btn-quiet" : "btn"}
          disabled={busy || v !== true}
          onClick={() => run(verb)}
          aria-describedby={v !== true ? `lobby-${verb}-why` : undefined}
          data-testid={`lobby-${verb}`}
        >
          {label}
        </button>
        {v !== true ? (
          <span id={`lobby-${verb}-why`} className="text-xs text-stone-600">
            {v}
          </span>
        ) : null}
      </div>
    );
  };
  return (
    <div className="space-y-2" data-testid="lobby-panel">
      {item("join", "join", "Take a seat")}
      {item("leave", "leave", "Give up my seat", true)}
      {item("fillWithBots", "fill", "Fill empty seats with house bots", true)}
      {item("start", "start", "Deal and start")}
    </div>
  );
}
