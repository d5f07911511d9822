// Who wears a seat, asked for as the wearer needs it: a person's account, an agent, or a model (provider, model,
// base URL) the server runs.
import type { SeatDraft } from "./draft";
import type { Provider } from "./types";

export function WearerInput({
  id,
  seat,
  set,
  providers,
}: {
  id: (field: string) => string;
  seat: SeatDraft;
  set: (s: Partial<SeatDraft>) => void;
  providers: Provider[];
}) {
  if (seat.wearer === "person")
    return (
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
    );
  if (seat.wearer === "agent")
    return (
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
    );
  return (
    <div className="grid gap-3 md:grid-cols-3">
      <div>
        <label className="label" htmlFor={id("provider")}>
          Provider
        </label>
        <select
          id={id("provider")}
          className="field"
          value={seat.provider}
          onChange={(e) => set({ provider: providers.find((p) => p === e.target.value) ?? seat.provider })}
          data-testid={id("provider")}
        >
          {providers.map((p) => (
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
  );
}
