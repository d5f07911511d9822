"use client";
// The convene form: one question, its context, 2–4 options, how the vote is counted, and 3–8 seats — each soul's
// text and where it came from (pasted, an uploaded file, a person's one-line habit) and who wears it.
import { useMutation } from "@tanstack/react-query";
import type { inferRouterInputs } from "@trpc/server";
import { useState } from "react";
import { useTRPC } from "@/components/ui/trpc";
import type { AppRouter } from "@/server/doors/trpc";

/** What convening sends: exactly the tRPC procedure's input, so tsc checks the form. */
type Convene = inferRouterInputs<AppRouter>["councils"]["convene"];
type Aggregator = NonNullable<Convene["aggregator"]>;
type Provider = NonNullable<Convene["seats"][number]["provider"]>;

export type ConveneLimits = {
  seatsMin: number;
  seatsMax: number;
  optionsMin: number;
  optionsMax: number;
  aggregators: Aggregator[];
  providers: Provider[];
  defaultKeywords: string[];
  defaultDeadlineMinutes: number;
  habitMax: number;
};

type SeatDraft = {
  name: string;
  source: "pasted" | "uploaded" | "habit";
  soul: string;
  label: string;
  wearer: "person" | "agent" | "model";
  person: string;
  agent: string;
  provider: Provider;
  model: string;
  baseUrl: string;
};

const blankSeat = (wearer: SeatDraft["wearer"] = "model"): SeatDraft => ({
  name: "",
  source: "pasted",
  soul: "",
  label: "",
  wearer,
  person: "",
  agent: "",
  provider: "scripted",
  model: "",
  baseUrl: "",
});

function SeatEditor({
  i,
  seat,
  set,
  remove,
  limits,
}: {
  i: number;
  seat: SeatDraft;
  set: (s: Partial<SeatDraft>) => void;
  remove?: () => void;
  limits: ConveneLimits;
}) {
  const id = (f: string) => `seat-${i}-${f}`;
  return (
    <fieldset className="space-y-3 rounded-md border border-stone-200 p-4" data-testid={`seat-${i}`}>
      <legend className="px-1 text-sm font-semibold">Seat {i + 1}</legend>
      <div className="grid gap-3 md:grid-cols-3">
        <div>
          <label className="label" htmlFor={id("name")}>
            Name
          </label>
          <input
            id={id("name")}
            className="field"
            value={seat.name}
            maxLength={40}
            required
            placeholder="finance"
            onChange={(e) => set({ name: e.target.value })}
            data-testid={id("name")}
          />
        </div>
        <div>
          <label className="label" htmlFor={id("source")}>
            The soul comes from
          </label>
          <select
            id={id("source")}
            className="field"
            value={seat.source}
            onChange={(e) => set({ source: e.target.value as SeatDraft["source"] })}
            data-testid={id("source")}
          >
            <option value="pasted">pasted persona text</option>
            <option value="uploaded">an uploaded file</option>
            <option value="habit">a person&apos;s one-line habit</option>
          </select>
        </div>
        <div>
          <label className="label" htmlFor={id("wearer")}>
            Worn by
          </label>
          <select
            id={id("wearer")}
            className="field"
            value={seat.wearer}
            onChange={(e) => set({ wearer: e.target.value as SeatDraft["wearer"] })}
            data-testid={id("wearer")}
          >
            <option value="person">a person (answers in the browser)</option>
            <option value="agent">an agent (token; JSON API or MCP)</option>
            <option value="model">a model the server runs</option>
          </select>
        </div>
      </div>
      {seat.source === "uploaded" ? (
        <div>
          <label className="label" htmlFor={id("file")}>
            Persona file
          </label>
          <input
            id={id("file")}
            type="file"
            accept=".md,.txt,text/plain,text/markdown"
            className="text-sm"
            onChange={async (e) => {
              const f = e.target.files?.[0];
              if (f) set({ soul: await f.text(), label: f.name });
            }}
            data-testid={id("file")}
          />
          {seat.label ? (
            <p className="mt-1 text-xs text-stone-500">
              {seat.label} — {seat.soul.length} characters
            </p>
          ) : null}
        </div>
      ) : seat.source === "habit" ? (
        <div>
          <label className="label" htmlFor={id("soul")}>
            The habit (one line)
          </label>
          <input
            id={id("soul")}
            className="field"
            value={seat.soul}
            maxLength={limits.habitMax}
            placeholder="Always asks who pays for it in a year."
            onChange={(e) => set({ soul: e.target.value })}
            data-testid={id("soul")}
          />
        </div>
      ) : (
        <div>
          <label className="label" htmlFor={id("soul")}>
            Persona text
          </label>
          <textarea
            id={id("soul")}
            className="field min-h-20"
            value={seat.soul}
            placeholder="Who this soul is, what it values, how it argues."
            onChange={(e) => set({ soul: e.target.value })}
            data-testid={id("soul")}
          />
        </div>
      )}
      {seat.wearer === "person" ? (
        <div>
          <label className="label" htmlFor={id("person")}>
            The person&apos;s account name
          </label>
          <input
            id={id("person")}
            className="field"
            value={seat.person}
            onChange={(e) => set({ person: e.target.value })}
            data-testid={id("person")}
          />
        </div>
      ) : seat.wearer === "agent" ? (
        <div>
          <label className="label" htmlFor={id("agent")}>
            The agent (owner/name, or its id)
          </label>
          <input
            id={id("agent")}
            className="field"
            value={seat.agent}
            placeholder="robin/robin-scout"
            onChange={(e) => set({ agent: e.target.value })}
            data-testid={id("agent")}
          />
        </div>
      ) : (
        <div className="grid gap-3 md:grid-cols-3">
          <div>
            <label className="label" htmlFor={id("provider")}>
              Provider
            </label>
            <select
              id={id("provider")}
              className="field"
              value={seat.provider}
              onChange={(e) =>
                set({ provider: limits.providers.find((p) => p === e.target.value) ?? seat.provider })
              }
              data-testid={id("provider")}
            >
              {limits.providers.map((p) => (
                <option key={p} value={p}>
                  {p}
                </option>
              ))}
            </select>
          </div>
          {seat.provider !== "scripted" ? (
            <>
              <div>
                <label className="label" htmlFor={id("model")}>
                  Model
                </label>
                <input
                  id={id("model")}
                  className="field"
                  value={seat.model}
                  placeholder="the provider's default"
                  onChange={(e) => set({ model: e.target.value })}
                />
              </div>
              {seat.provider === "openai-compatible" ? (
                <div>
                  <label className="label" htmlFor={id("base")}>
                    Base URL (optional)
                  </label>
                  <input
                    id={id("base")}
                    className="field"
                    value={seat.baseUrl}
                    placeholder="http://127.0.0.1:11434/v1"
                    onChange={(e) => set({ baseUrl: e.target.value })}
                  />
                </div>
              ) : null}
            </>
          ) : (
            <p className="self-end text-xs text-stone-500 md:col-span-2">
              Scripted souls answer offline and deterministically: for trying the table out.
            </p>
          )}
        </div>
      )}
      {remove ? (
        <button type="button" className="btn-quiet text-xs" onClick={remove}>
          Remove this seat
        </button>
      ) : null}
    </fieldset>
  );
}

export function ConveneForm({ limits }: { limits: ConveneLimits }) {
  const trpc = useTRPC();
  const convene = useMutation(trpc.councils.convene.mutationOptions());
  const [question, setQuestion] = useState("");
  const [context, setContext] = useState("");
  const [options, setOptions] = useState<string[]>(["", ""]);
  const [aggregator, setAggregator] = useState(limits.aggregators[0] ?? "weighted");
  const [keywords, setKeywords] = useState(limits.defaultKeywords.join(", "));
  const [deadline, setDeadline] = useState(limits.defaultDeadlineMinutes);
  const [seats, setSeats] = useState<SeatDraft[]>(() =>
    Array.from({ length: limits.seatsMin }, () => blankSeat()),
  );
  const [error, setError] = useState<string | null>(null);

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    setError(null);
    const body: Convene = {
      question,
      context,
      options: options.map((o) => o.trim()).filter(Boolean),
      aggregator,
      values_keywords: keywords
        .split(",")
        .map((k) => k.trim())
        .filter(Boolean),
      round_deadline_ms: Math.round(deadline * 60_000),
      seats: seats.map((s) => ({
        name: s.name,
        soul: s.soul,
        source: s.source,
        ...(s.label ? { source_label: s.label } : {}),
        wearer: s.wearer,
        ...(s.wearer === "person" ? { person: s.person } : {}),
        ...(s.wearer === "agent" ? { agent: /^\d+$/.test(s.agent.trim()) ? Number(s.agent) : s.agent } : {}),
        ...(s.wearer === "model"
          ? {
              provider: s.provider,
              ...(s.model ? { model: s.model } : {}),
              ...(s.baseUrl ? { base_url: s.baseUrl } : {}),
            }
          : {}),
      })),
    };
    try {
      const r = await convene.mutateAsync(body);
      window.location.assign(`/councils/${r.id}`);
    } catch (err) {
      setError((err as Error).message);
    }
  }

  return (
    <form onSubmit={submit} className="space-y-6" data-testid="convene-form">
      <section className="card space-y-4">
        <h2 className="font-semibold">The decision</h2>
        <div>
          <label className="label" htmlFor="question">
            Question
          </label>
          <input
            id="question"
            className="field"
            value={question}
            maxLength={500}
            required
            placeholder="Should we adopt the borrowed persona pattern for onboarding?"
            onChange={(e) => setQuestion(e.target.value)}
            data-testid="convene-question"
          />
        </div>
        <div>
          <label className="label" htmlFor="context">
            Context — every fact the souls may use (they cannot look anything up)
          </label>
          <textarea
            id="context"
            className="field min-h-24"
            value={context}
            onChange={(e) => setContext(e.target.value)}
            data-testid="convene-context"
          />
        </div>
        <div>
          <span className="label">
            Options ({limits.optionsMin}–{limits.optionsMax} short slugs, e.g. adopt-modified)
          </span>
          <div className="flex flex-wrap gap-2">
            {options.map((o, i) => (
              <input
                key={i}
                className="field w-44"
                aria-label={`Option ${i + 1}`}
                value={o}
                required={i < limits.optionsMin}
                onChange={(e) => setOptions(options.map((x, j) => (j === i ? e.target.value : x)))}
                data-testid={`option-${i}`}
              />
            ))}
            {options.length < limits.optionsMax ? (
              <button
                type="button"
                className="btn-quiet"
                onClick={() => setOptions([...options, ""])}
                data-testid="add-option"
              >
                + option
              </button>
            ) : null}
          </div>
        </div>
        <div className="grid gap-3 md:grid-cols-3">
          <div>
            <label className="label" htmlFor="aggregator">
              The vote is counted by
            </label>
            <select
              id="aggregator"
              className="field"
              value={aggregator}
              onChange={(e) =>
                setAggregator(limits.aggregators.find((a) => a === e.target.value) ?? aggregator)
              }
            >
              {limits.aggregators.map((a) => (
                <option key={a} value={a}>
                  {a}
                </option>
              ))}
            </select>
          </div>
          <div>
            <label className="label" htmlFor="keywords">
              Values keywords (a dissent naming one escalates)
            </label>
            <input
              id="keywords"
              className="field"
              value={keywords}
              onChange={(e) => setKeywords(e.target.value)}
            />
          </div>
          <div>
            <label className="label" htmlFor="deadline">
              Each round closes after (minutes)
            </label>
            <input
              id="deadline"
              type="number"
              min={1}
              max={10080}
              className="field"
              value={deadline}
              onChange={(e) => setDeadline(Number(e.target.value))}
            />
          </div>
        </div>
      </section>
      <section className="card space-y-4">
        <h2 className="font-semibold">
          The souls ({seats.length} of {limits.seatsMin}–{limits.seatsMax})
        </h2>
        {seats.map((s, i) => (
          <SeatEditor
            key={i}
            i={i}
            seat={s}
            limits={limits}
            set={(patch) => setSeats(seats.map((x, j) => (j === i ? { ...x, ...patch } : x)))}
            remove={
              seats.length > limits.seatsMin ? () => setSeats(seats.filter((_, j) => j !== i)) : undefined
            }
          />
        ))}
        {seats.length < limits.seatsMax ? (
          <button
            type="button"
            className="btn-quiet"
            onClick={() => setSeats([...seats, blankSeat()])}
            data-testid="add-seat"
          >
            + seat
          </button>
        ) : null}
      </section>
      {error ? (
        <p
          className="rounded-md bg-rose-50 p-3 text-sm text-rose-800"
          role="alert"
          data-testid="convene-error"
        >
          {error}
        </p>
      ) : null}
      <button className="btn" disabled={convene.isPending} data-testid="convene-submit">
        Convene — round 1 opens at once
      </button>
    </form>
  );
}
