"use client";
// The host seats a model player (game.md §13): a provider and a model id, and the table's budget for model calls.
import { useState } from "react";

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

export function ModelSeatForm({
  may,
  busy,
  seat,
}: {
  may: true | string;
  busy: boolean;
  seat: (body: SeatModelBody) => Promise<string | null>;
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
            Budget, tokens (optional)
          </label>
          <input
            id="model-budget"
            className="field"
            inputMode="numeric"
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
