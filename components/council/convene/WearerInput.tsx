// Who wears a seat, asked for as the wearer needs it: a person's account, an agent, or a model (provider, model,
// base URL) the server runs.
import { Field } from "@/components/ui/FieldError";
import type { SeatDraft } from "./draft";
import type { Provider } from "./types";
import { Options } from "@/components/ui/Options";

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
      <Field id={id("person")} label="The person's account name">
        {(c) => (
          <input
            {...c}
            value={seat.person}
            onChange={(e) => set({ person: e.target.value })}
            data-testid={c.id}
          />
        )}
      </Field>
    );
  if (seat.wearer === "agent")
    return (
      <Field id={id("agent")} label="The agent (owner/name, or its id)">
        {(c) => (
          <input
            {...c}
            value={seat.agent}
            placeholder="robin/robin-scout"
            onChange={(e) => set({ agent: e.target.value })}
            data-testid={c.id}
          />
        )}
      </Field>
    );
  return (
    <div className="grid gap-3 md:grid-cols-3">
      <Field id={id("provider")} label="Provider">
        {(c) => (
          <select
            {...c}
            value={seat.provider}
            onChange={(e) => set({ provider: providers.find((p) => p === e.target.value) ?? seat.provider })}
            data-testid={c.id}
          >
            <Options values={providers} />
          </select>
        )}
      </Field>
      {seat.provider !== "scripted" ? (
        <>
          <Field id={id("model")} label="Model">
            {(c) => (
              <input
                {...c}
                value={seat.model}
                placeholder="the provider's default"
                onChange={(e) => set({ model: e.target.value })}
              />
            )}
          </Field>
          {seat.provider === "openai-compatible" ? (
            <Field id={id("base")} label="Base URL (optional)">
              {(c) => (
                <input
                  {...c}
                  value={seat.baseUrl}
                  placeholder="http://127.0.0.1:11434/v1"
                  onChange={(e) => set({ baseUrl: e.target.value })}
                />
              )}
            </Field>
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
