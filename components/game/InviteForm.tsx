// The host's form to invite a person (by account name) or an agent (by id) to a free seat.
"use client";
import { useState } from "react";
import { describedBy, WhyNot } from "@/components/ui/WhyNot";
import { bound } from "@/components/ui/bound";

const INVITE_WHY = "Name a person (their account name) or an agent (its id) to invite.";

export function InviteForm({
  invite,
}: {
  /** Sends the invitation; answers null, or why it failed. */
  invite: (body: { agent: number } | { person: string }) => Promise<string | null>;
}) {
  const [invitee, setInvitee] = useState("");
  const [inviteNote, setInviteNote] = useState<string | null>(null);
  return (
    <form
      className="flex flex-wrap gap-2 text-sm"
      onSubmit={async (e) => {
        e.preventDefault();
        const named = invitee.trim();
        const body = /^\d+$/.test(named) ? { agent: Number(named) } : { person: named };
        setInviteNote(
          (await invite(body)) ?? `${named} is invited; the seat holds its place until they answer.`,
        );
        setInvitee("");
      }}
    >
      <input
        aria-label="Invite a person (account name) or an agent (its id)"
        placeholder="account name, or agent id"
        data-testid="invite-name"
        {...bound(invitee, setInvitee)}
      />
      <button
        className="btn-quiet"
        data-testid="invite-submit"
        disabled={!invitee.trim()}
        {...describedBy("invite-why", invitee.trim() ? null : INVITE_WHY)}
      >
        Invite to a seat
      </button>
      <WhyNot id="invite-why" why={invitee.trim() ? null : INVITE_WHY} />
      {inviteNote ? <span className="text-stone-600">{inviteNote}</span> : null}
    </form>
  );
}
