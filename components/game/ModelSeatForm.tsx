"use client";
// The host seats a model player (game.md §13): a provider and a model id, and the table's budget for model calls — the
// server's default unless the host sets one, never above the server's cap (shared/spec/access.md, "The floor").
import { useState } from "react";
import type { ModelBudget } from "@/server/souls";

export type SeatModelBody = {
  provider: "anthropic" | "openai-compatible" | "scripted";
  model?: string;
  budgetTokens?: number;
};

const PROVIDERS = [
  ["scripted", "scripted (offline, plays like a cooperative house bot)"],
  ["anthropic", "anthropic (needs ANTHROPIC_API_KEY on the server)"],
  ["openai-compatible", "openai-compatible (OPENAI_BASE_URL on the server)"],
] as const;

const tokens = (n: number) => `${n.toLocaleString("en-US")} tokens`;

export function ModelSeatForm({
  may,
  busy,
  seat,
  budget: limits,
}: {
  may: true | string;
  busy: boolean;
  seat: (body: SeatModelBody) => Promise<string | null>;
  /** The server's budgets for model calls (PARLEY_MODEL_BUDGET_*), read by the page. */
  budget: ModelBudget;
}) {
  const [provider, setProvider] = useState<SeatModelBody["provider"]>("scripted");
  const [model, setModel] = useState("");
  const [budget, setBudget] = useState("");
  const [note, setNote] = useState<string | null>(null);
  return (
    <form
      className="space-y-2 border-t border-stone-200 pt-2 text-sm"
      data-testid="model-seat-form"
      onSubmit={async (e) => {
        e.preventDefault();
        const tokens = Number(budget);
        setNote(
          (await seat({
            provider,
            ...(model.trim() ? { model: model.trim() } : {}),
            ...(budget.trim() && Number.isInteger(tokens) && tokens > 0 ? { budgetTokens: tokens } : {}),
          })) ?? "Seated: it plays its turns through the server.",
        );
      }}
    >
      <p className="text-xs text-stone-600">
        A model player sees only what its seat may see; its replies are checked by the same rules as yours.
      </p>
      <p className="text-xs text-stone-600" data-testid="model-budget-note">
        It runs on the server&apos;s keys, so the table&apos;s model calls have a budget:{" "}
        {tokens(limits.tableTokens)} unless you set one, at most {tokens(limits.maxTableTokens)} (the
        server&apos;s cap). The server spends at most {tokens(limits.dayTokens)} a day on all model calls.
        Past either, a model passes its turns.
      </p>
      <label className="label" htmlFor="model-provider">
        Model player
      </label>
      <select
        id="model-provider"
        className="field"
        value={provider}
        onChange={(e) => setProvider(e.target.value as SeatModelBody["provider"])}
        data-testid="model-provider"
      >
        {PROVIDERS.map(([value, label]) => (
          <option key={value} value={value}>
            {label}
          </option>
        ))}
      </select>
      <div className="grid gap-2 sm:grid-cols-2">
        <div>
          <label className="label" htmlFor="model-id">
            Model id (optional)
          </label>
          <input id="model-id" className="field" value={model} onChange={(e) => setModel(e.target.value)} />
        </div>
        <div>
          <label className="label" htmlFor="model-budget">
            Budget, tokens (default {limits.tableTokens.toLocaleString("en-US")}, at most{" "}
            {limits.maxTableTokens.toLocaleString("en-US")})
          </label>
          <input
            id="model-budget"
            className="field"
            inputMode="numeric"
            placeholder={String(limits.tableTokens)}
            value={budget}
            onChange={(e) => setBudget(e.target.value.replace(/\D/g, ""))}
          />
        </div>
      </div>
      <div className="flex flex-wrap items-center gap-2">
        <button
          className="btn-quiet"
          disabled={busy || may !== true}
          aria-describedby={may !== true ? "model-seat-why" : undefined}
          data-testid="model-seat-submit"
        >
          Seat a model player
        </button>
        {may !== true ? (
          <span id="model-seat-why" className="text-xs text-stone-600">
            {may}
          </span>
        ) : null}
        {note ? (
          <span className="text-stone-600" role="status">
            {note}
          </span>
        ) : null}
      </div>
    </form>
  );
}
