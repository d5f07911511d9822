"use client";
// One table at its own address: everything a seat or a watcher sees, live without reload.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import type { TableState } from "@/server/actions/game";
import type { ModelBudget } from "@/server/souls";
import { useTRPC } from "@/components/ui/trpc";
import { useLive } from "@/components/ui/useLive";
import { trying } from "@/components/ui/useAttempt";
import { useTitleTurn } from "@/components/ui/tabTitle";
import { When } from "@/components/ui/When";
import { InvitationBanner, VisibilityControl } from "@/components/ui/Access";
import { ModerationLog, ModeratorPanel, useModerator } from "@/components/ui/Moderation";
import { ActLog } from "./ActLog";
import { CharterGrid } from "./CharterGrid";
import { Claims } from "./Claims";
import { Clock } from "./Clock";
import { LobbyPanel } from "./LobbyPanel";
import { Seats } from "./Seats";
import { TurnPanel, type ActBodies, type Send } from "./TurnPanel";
import { Whispers, type SendWhisper } from "./Whispers";
import { ModelSeatForm, type SeatModelBody } from "./ModelSeatForm";
import { ModelUsage } from "./ModelUsage";
import { InviteForm } from "./InviteForm";
import { TheEnd } from "./TheEnd";
import { YourCharge } from "./YourCharge";
import { Alert } from "@/components/ui/Alert";

const STATUS: Record<TableState["status"], string> = {
  open: "open — waiting for seats",
  playing: "in play",
  bound: "settled — an accord bound",
  ended: "ended unsettled",
  cancelled: "cancelled by a moderator",
};

export function TableView({
  initial,
  address,
  saidMax,
  claimsMax,
  whispersMax,
  modelBudget,
}: {
  initial: TableState;
  address: string;
  /** The rules' cap on said text, for the turn panel and whispers. */
  saidMax: number;
  /** The rules' cap on said claims on one act or whisper (SAID_CLAIMS_MAX). */
  claimsMax: number;
  /** The rules' WHISPERS_PER_SEAT. */
  whispersMax: number;
  /** The server's budgets for model calls, for the host's "Seat a model player" form. */
  modelBudget: ModelBudget;
}) {
  const trpc = useTRPC();
  const qc = useQueryClient();
  const opts = trpc.tables.state.queryOptions({ tableId: initial.id });
  const { data: t } = useQuery({ ...opts, initialData: initial });
  const refresh = () => qc.invalidateQueries({ queryKey: opts.queryKey });
  useLive([`table:${initial.id}`], () => void refresh());
  useTitleTurn(t.game?.status === "playing" && t.yourSeat !== null && t.game.turn === t.yourSeat);
  const [busy, setBusy] = useState(false);
  const [lobbyError, setLobbyError] = useState<string | null>(null);
  const m = {
    join: useMutation(trpc.tables.join.mutationOptions()),
    leave: useMutation(trpc.tables.leave.mutationOptions()),
    fillWithBots: useMutation(trpc.tables.fillWithBots.mutationOptions()),
    start: useMutation(trpc.tables.start.mutationOptions()),
    offer: useMutation(trpc.tables.offer.mutationOptions()),
    accept: useMutation(trpc.tables.accept.mutationOptions()),
    pass: useMutation(trpc.tables.pass.mutationOptions()),
    whisper: useMutation(trpc.tables.whisper.mutationOptions()),
    seatModel: useMutation(trpc.tables.seatModel.mutationOptions()),
    visibility: useMutation(trpc.tables.setVisibility.mutationOptions()),
    invite: useMutation(trpc.tables.invite.mutationOptions()),
    cancel: useMutation(trpc.moderation.cancelTable.mutationOptions()),
    hide: useMutation(trpc.moderation.hideSaid.mutationOptions()),
  };
  const attempt = trying(refresh);
  const { admin, reason, setReason, problem: modProblem, moderate } = useModerator(attempt);
  const now = Date.parse(t.now);
  const names = t.seats.map((s) => s.name);
  const g = t.game;

  async function lobby(verb: "join" | "leave" | "fillWithBots" | "start") {
    setBusy(true);
    setLobbyError(null);
    try {
      await m[verb].mutateAsync({ tableId: t.id });
    } catch (e) {
      setLobbyError((e as Error).message);
    } finally {
      setBusy(false);
      await refresh();
    }
  }
  const acts = {
    offer: (body: ActBodies["offer"]) => m.offer.mutateAsync({ ...body, tableId: t.id }),
    accept: (body: ActBodies["accept"]) => m.accept.mutateAsync({ ...body, tableId: t.id }),
    pass: (body: ActBodies["pass"]) => m.pass.mutateAsync({ ...body, tableId: t.id }),
  };
  const send: Send = (type, body) =>
    attempt(() => (acts[type] as (b: typeof body) => Promise<unknown>)(body));

  const seatModel = (body: SeatModelBody) =>
    attempt(() => m.seatModel.mutateAsync({ ...body, tableId: t.id }));
  const sendWhisper: SendWhisper = (to, body) =>
    attempt(() => m.whisper.mutateAsync({ ...body, to, tableId: t.id }));

  return (
    <div className="space-y-6" data-testid="table-view" data-status={t.status}>
      <header className="space-y-1">
        <h1 className="text-2xl font-semibold" data-testid="table-title">
          {t.title}
        </h1>
        <p className="text-sm text-stone-600">
          Hosted by <strong>{t.host.name}</strong>
          {t.host.kind === "agent" ? (
            <>
              {" "}
              <span className="badge bg-indigo-100 text-indigo-800" data-testid="host-agent">
                agent
              </span>
            </>
          ) : null}{" "}
          · <span data-testid="table-status">{STATUS[t.status]}</span> · opened{" "}
          <When at={t.createdAt} mode="ago" now={now} />
        </p>
        <p className="text-xs text-stone-500">
          Share: <code className="select-all">{address}</code>
        </p>
        <VisibilityControl
          value={t.visibility}
          text={t.visibilityText}
          owner={t.youHost}
          onChange={(visibility) => attempt(() => m.visibility.mutateAsync({ tableId: t.id, visibility }))}
        />
      </header>
      <InvitationBanner
        what="seat"
        invitations={t.invitations.map((i) => ({ seat: String(i.seat + 1), agentId: i.agentId }))}
        to={{ kind: "table", id: t.id }}
        attempt={attempt}
      />

      <div className="grid gap-6 lg:grid-cols-[1fr_20rem]">
        {/* On a phone your charge and your turn come first: the charter and the log are below them. */}
        <div className="flex min-w-0 flex-col gap-6">
          {g?.charge && t.status === "playing" ? (
            <YourCharge charge={g.charge} className="lg:hidden max-lg:order-[-2]" />
          ) : null}
          {g ? (
            <section className="card space-y-3">
              <h2 className="font-semibold">The charter</h2>
              <p className="text-xs text-stone-500">
                The standing offer is highlighted
                {g.charge ? "; ★ marks your own aims (only you see them)" : ""}.
              </p>
              <CharterGrid
                charter={g.charter}
                settings={t.settings}
                standing={g.standingOffer?.accord}
                charge={g.charge}
              />
            </section>
          ) : null}

          {g && t.status === "playing" && g.may ? (
            <section
              className="card max-lg:order-[-1]"
              data-testid="your-turn"
              data-your-turn={g.turn === t.yourSeat || undefined}
            >
              <h2 className="mb-2 font-semibold">
                {g.turn === t.yourSeat ? "Your turn" : `Waiting for ${names[g.turn ?? 0]}`}
              </h2>
              <TurnPanel
                may={g.may}
                yourPayoff={g.yourPayoff}
                charter={g.charter}
                settings={t.settings}
                standing={g.standingOffer?.accord ?? null}
                charge={g.charge}
                saidMax={saidMax}
                claimsMax={claimsMax}
                send={send}
                draftKey={`table:${t.id}`}
              />
            </section>
          ) : null}

          {g && (t.status === "bound" || t.status === "ended" || t.status === "cancelled") ? (
            <TheEnd table={t} game={g} names={names} />
          ) : null}

          {g && (t.yourSeat !== null || g.whispers.length > 0 || t.status === "playing") ? (
            <section className="card space-y-2" data-testid="whispers-card">
              <h2 className="font-semibold">Whispers</h2>
              <Whispers
                whispers={g.whispers}
                names={names}
                you={t.yourSeat}
                playing={t.status === "playing"}
                charter={g.charter}
                settings={t.settings}
                saidMax={saidMax}
                claimsMax={claimsMax}
                whispersMax={whispersMax}
                may={g.mayWhisper}
                now={now}
                send={sendWhisper}
              />
            </section>
          ) : null}

          {g ? (
            <section className="card space-y-3">
              <h2 className="font-semibold">Claims</h2>
              <Claims sworn={g.sworn} said={g.said} names={names} />
            </section>
          ) : null}

          {g ? (
            <section className="card space-y-2">
              <h2 className="font-semibold">The act log</h2>
              <ActLog
                acts={g.acts}
                onLoadAll={refresh}
                names={names}
                now={now}
                hidden={new Set(t.moderation.flatMap((e) => (e.act === null ? [] : [e.act])))}
                notes={new Map(t.modelNotes.map((n) => [n.turn, `the model ${n.note}`]))}
                onHide={
                  admin
                    ? (index) => moderate(() => m.hide.mutateAsync({ tableId: t.id, act: index, reason }))
                    : undefined
                }
              />
            </section>
          ) : null}
        </div>

        <aside className="space-y-6">
          <ModerationLog entries={t.moderation} now={now} />
          {admin ? (
            <ModeratorPanel
              what="table"
              reason={reason}
              setReason={setReason}
              problem={modProblem}
              onCancel={
                t.status === "open" || t.status === "playing"
                  ? () => moderate(() => m.cancel.mutateAsync({ tableId: t.id, reason }))
                  : undefined
              }
            />
          ) : null}
          <section className="card space-y-2">
            <h2 className="font-semibold">Seats</h2>
            <Seats
              seats={t.seats}
              turn={g?.status === "playing" ? g.turn : null}
              acceptances={g?.acceptances}
            />
            <p className="text-xs text-stone-500">
              {t.seats.length} of {t.seatsMax} taken
            </p>
          </section>
          <section className="card space-y-2">
            <h2 className="font-semibold">The clock</h2>
            <Clock
              turnEndsAt={g?.status === "playing" ? g.turnEndsAt : null}
              deadlineAt={g?.status === "playing" ? g.deadlineAt : null}
              turnWindowMs={t.turnWindowMs}
              deadlineMs={t.deadlineMs}
              quorum={t.quorum}
              seats={g?.seats ?? t.seats.length}
              commitment={t.commitment}
              now={now}
              started={t.startedAt !== null}
              endedAt={g?.boundAt ?? g?.endedAt ?? null}
            />
          </section>
          {t.lobby ? (
            <section className="card space-y-2">
              <h2 className="font-semibold">Before the start</h2>
              <LobbyPanel may={t.lobby} run={lobby} busy={busy} />
              {t.youHost ? (
                <ModelSeatForm may={t.lobby.model} busy={busy} seat={seatModel} budget={modelBudget} />
              ) : null}
              {t.youHost ? (
                <InviteForm
                  invite={(body) => attempt(() => m.invite.mutateAsync({ tableId: t.id, ...body }))}
                />
              ) : null}
              <Alert text={lobbyError} className="text-sm text-rose-700" />
            </section>
          ) : null}
          {g?.charge && t.status === "playing" ? (
            <YourCharge charge={g.charge} className="max-lg:hidden" />
          ) : null}
          {t.modelUsage ? (
            <section className="card space-y-2">
              <h2 className="font-semibold">Model calls</h2>
              <ModelUsage usage={t.modelUsage} names={names} />
            </section>
          ) : null}
        </aside>
      </div>
    </div>
  );
}
