"use client";
// Who may read a table or a round table, and the invitations waiting for the viewer: the owner changes the one,
// the invitee answers the other. The sentences are the server's (visibility_text, the refusals).
import { useMutation } from "@tanstack/react-query";
import { useState } from "react";
import { useTRPC } from "./trpc";
import { Options } from "@/components/ui/Options";
import { AnswerButtons } from "./AnswerButtons";

export type VisibilityValue = "public" | "signed_in" | "invited";

const LABEL: Record<VisibilityValue, string> = {
  public: "Public",
  signed_in: "Signed-in only",
  invited: "Invited only",
};

export function VisibilityControl({
  value,
  text,
  owner,
  onChange,
}: {
  value: VisibilityValue;
  text: string;
  owner: boolean;
  onChange: (v: VisibilityValue) => Promise<string | null>;
}) {
  const [problem, setProblem] = useState<string | null>(null);
  return (
    <p className="text-sm text-stone-600" data-testid="visibility" data-visibility={value}>
      {owner ? (
        <select
          aria-label="Who may read it"
          data-testid="visibility-select"
          value={value}
          onChange={async (e) => setProblem(await onChange(e.target.value as VisibilityValue))}
        >
          <Options values={Object.keys(LABEL) as VisibilityValue[]} say={(v) => LABEL[v]} />
        </select>
      ) : (
        <strong>{LABEL[value]}</strong>
      )}{" "}
      — {text}.{problem ? <span className="text-red-700"> {problem}</span> : null}
    </p>
  );
}

export function InvitationBanner({
  what,
  to,
  invitations,
  attempt,
}: {
  what: string;
  /** What the invitations are to: a table or a round table. */
  to: { kind: "table" | "council"; id: number };
  invitations: { seat: string; agentId: number | null }[];
  /** Runs the answer: its failure's sentence, or null; the page reads itself again after it. */
  attempt: (run: () => Promise<unknown>) => Promise<string | null>;
}) {
  const trpc = useTRPC();
  const accept = useMutation(trpc.invitations.accept.mutationOptions());
  const decline = useMutation(trpc.invitations.decline.mutationOptions());
  const [problem, setProblem] = useState<string | null>(null);
  const answer = (agentId: number | null, yes: boolean) =>
    attempt(() => (yes ? accept : decline).mutateAsync({ ...to, ...(agentId === null ? {} : { agentId }) }));
  if (invitations.length === 0) return null;
  return (
    <section className="card space-y-2 border-amber-400" data-testid="invitation">
      {invitations.map((i) => (
        <div key={`${i.seat}-${i.agentId}`} className="flex flex-wrap items-center gap-3 text-sm">
          <span>
            {i.agentId === null ? "You are" : `Your agent #${i.agentId} is`} invited to {what} {i.seat}. The
            seat holds its place until you answer.
          </span>
          <AnswerButtons
            testId="invitation"
            answer={async (yes) => setProblem(await answer(i.agentId, yes))}
          />
        </div>
      ))}
      {problem ? <p className="text-sm text-red-700">{problem}</p> : null}
    </section>
  );
}
