"use client";
// Whispers (§12): your private conversations, one per counterpart, and — for everyone — that whispers happen. Their
// words reach this component only for the viewer's own conversations until the reveal (the server's view redacts).
import { useState } from "react";
import type { Claim, ViewWhisper } from "@/server/rules/game";
import { When } from "@/components/ui/When";
import { ClaimList } from "./ClaimList";
import { SaidText } from "./SaidText";
import { claimText } from "./words";
import { Alert } from "@/components/ui/Alert";

export type SendWhisper = (
  to: number,
  body: { text?: string; claims?: { clause: string; setting: string }[] },
) => Promise<string | null>;

const mark = (truthful: boolean | null) =>
  truthful === null
    ? { text: "claim", cls: "bg-stone-100 text-stone-700" }
    : truthful
      ? { text: "true", cls: "bg-emerald-100 text-emerald-800" }
      : { text: "false", cls: "bg-rose-100 text-rose-800" };

function Line({ w, names, now, you }: { w: ViewWhisper; names: string[]; now: number; you: number | null }) {
  const who = (seat: number) => (seat === you ? "you" : names[seat]);
  return (
    <li className="space-y-0.5 text-sm" data-testid="whisper" data-sealed={w.sealed || undefined}>
      <p className="text-xs text-stone-600">
        <strong className="text-stone-800">{who(w.from)}</strong> → {who(w.to)} ·{" "}
        <When at={w.at} mode="ago" now={now} />
      </p>
      {w.sealed ? (
        <p className="text-stone-600 italic">sealed until the reveal</p>
      ) : (
        <>
          {w.text !== undefined ? <p className="break-words">{w.text}</p> : null}
          {w.claims?.length ? (
            <ul className="flex flex-wrap gap-1">
              {w.claims.map((c, i) => {
                const m = mark(c.truthful);
                return (
                  <li key={i} className="text-xs" data-testid="whispered-claim">
                    <span className={`badge mr-1 ${m.cls}`} data-testid="whisper-mark">
                      {m.text}
                    </span>
                    wants {claimText(c)}
                  </li>
                );
              })}
            </ul>
          ) : null}
        </>
      )}
    </li>
  );
}

export function Whispers({
  whispers,
  names,
  you,
  playing,
  charter,
  settings,
  saidMax,
  claimsMax,
  whispersMax,
  may,
  now,
  send,
}: {
  whispers: ViewWhisper[];
  names: string[];
  /** The viewer's seat, or null for a guest or a watcher. */
  you: number | null;
  playing: boolean;
  charter: string[];
  settings: Record<string, string[]>;
  saidMax: number;
  /** The rules' SAID_CLAIMS_MAX: a whisper carries what said carries. */
  claimsMax: number;
  whispersMax: number;
  /** The rules' answer for the viewer's seat: true, or why it may send no whisper now. */
  may: true | string | null;
  now: number;
  send: SendWhisper;
}) {
  const others = names.map((_, i) => i).filter((i) => i !== you);
  const [withSeat, setWithSeat] = useState<number>(others[0] ?? 0);
  const [text, setText] = useState("");
  const [claims, setClaims] = useState<Claim[]>([]);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  // Not seated (or after the reveal): every whisper in time order, sealed ones as sealed.
  if (you === null || !playing) {
    return (
      <div className="space-y-2" data-testid="whispers">
        <p className="text-xs text-stone-600">
          {playing
            ? "Seats may talk in private. You see who whispers to whom; what they say stays sealed until the reveal."
            : "Published at the reveal: every whisper, each claim judged against its sender's charge."}
        </p>
        {whispers.length === 0 ? <p className="text-sm text-stone-600">No whispers.</p> : null}
        <ul className="max-h-96 space-y-2 overflow-y-auto" aria-label="Whispers">
          {whispers.map((w) => (
            <Line key={w.index} w={w} names={names} now={now} you={you} />
          ))}
        </ul>
      </div>
    );
  }

  const thread = whispers.filter(
    (w) => (w.from === you && w.to === withSeat) || (w.from === withSeat && w.to === you),
  );
  const sent = whispers.filter((w) => w.from === you).length;
  const left = whispersMax - sent;
  const overheard = whispers.filter((w) => w.sealed).length;
  const empty = text.trim() === "" && claims.length === 0;
  const why =
    may !== null && may !== true ? may : empty ? "Write something or name a claim to whisper." : null;

  const go = async () => {
    setBusy(true);
    setError(null);
    const err = await send(withSeat, {
      ...(text.trim() ? { text } : {}),
      ...(claims.length ? { claims } : {}),
    });
    setBusy(false);
    if (err) setError(err);
    else {
      setText("");
      setClaims([]);
    }
  };

  return (
    <div className="space-y-3" data-testid="whispers">
      <p className="text-xs text-stone-600">
        Only you and the seat you whisper to read it until the reveal; then every whisper is published and its
        claims judged. It takes no turn.
      </p>
      <div className="flex flex-wrap gap-1" role="group" aria-label="Whisper with">
        {others.map((i) => {
          const count = whispers.filter(
            (w) => (w.from === you && w.to === i) || (w.from === i && w.to === you),
          ).length;
          return (
            <button
              key={i}
              type="button"
              className={i === withSeat ? "btn" : "btn-quiet"}
              aria-pressed={i === withSeat}
              onClick={() => setWithSeat(i)}
              data-testid={`whisper-with-${i}`}
            >
              {names[i]}
              {count ? ` (${count})` : ""}
            </button>
          );
        })}
      </div>
      <ul
        className="max-h-72 space-y-2 overflow-y-auto"
        aria-label={`Whispers with ${names[withSeat]}`}
        aria-live="polite"
        data-testid="whisper-thread"
      >
        {thread.length === 0 ? (
          <li className="text-sm text-stone-600">Nothing whispered with {names[withSeat]} yet.</li>
        ) : null}
        {thread.map((w) => (
          <Line key={w.index} w={w} names={names} now={now} you={you} />
        ))}
      </ul>
      <form
        className="space-y-2"
        onSubmit={(e) => {
          e.preventDefault();
          if (!why) void go();
        }}
      >
        <SaidText
          id="whisper"
          label={`Whisper to ${names[withSeat]}`}
          value={text}
          onChange={setText}
          max={saidMax}
          note={`${left} of ${whispersMax} whispers left`}
        />
        <ClaimList
          id="whisper"
          charter={charter}
          settings={settings}
          max={claimsMax}
          claims={claims}
          onChange={setClaims}
          where="a whisper"
        />
        <div className="flex flex-wrap items-center gap-2">
          <button
            className="btn"
            disabled={busy || why !== null}
            aria-describedby={why ? "whisper-why" : undefined}
            data-testid="whisper-send"
          >
            Whisper
          </button>
          {why ? (
            <span id="whisper-why" className="text-xs text-stone-600">
              {why}
            </span>
          ) : null}
        </div>
        <Alert text={error} className="text-sm text-rose-700" testId="whisper-error" />
      </form>
      {overheard ? (
        <p className="text-xs text-stone-600" data-testid="whispers-overheard">
          {overheard} {overheard === 1 ? "whisper" : "whispers"} between other seats, sealed until the reveal.
        </p>
      ) : null}
    </div>
  );
}
