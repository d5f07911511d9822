"use client";
// Who you are, in the header: sign in, or your name, your notifications' bell, the invitations waiting for you, your
// agents and sign out.
import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { useTRPC } from "@/components/ui/trpc";
import { InvitationsCount } from "./InvitationsCount";
import { NotificationsBell } from "./NotificationsBell";
import { SignOutButton } from "./SignOutButton";

export function WhoMenu() {
  const trpc = useTRPC();
  const me = useQuery(trpc.identity.me.queryOptions());
  const who = me.data;
  return (
    <span
      className="ml-auto flex min-h-8 min-w-0 items-center gap-x-3 gap-y-1 sm:flex-wrap"
      data-testid="who"
    >
      {me.isPending ? null : who?.kind === "user" ? (
        <>
          <span className="min-w-0 truncate whitespace-nowrap max-sm:max-w-[9rem]">
            <span className="max-sm:sr-only">Signed in as </span>
            <strong data-testid="who-name">{who.name}</strong>
            {who.tier === "admin" ? (
              <span className="badge ml-1 bg-amber-100 text-amber-800">admin</span>
            ) : null}
          </span>
          <NotificationsBell userId={who.id} />
          <InvitationsCount userId={who.id} />
          {/* On a phone these three are in the menu (SiteMenu). */}
          <Link href="/agents" className="max-sm:hidden">
            Agents
          </Link>
          {who.tier === "admin" ? (
            <Link href="/moderation" className="max-sm:hidden">
              Moderation
            </Link>
          ) : null}
          <span className="max-sm:hidden">
            <SignOutButton />
          </span>
        </>
      ) : (
        <Link href="/signin" className="btn no-underline">
          Sign in
        </Link>
      )}
    </span>
  );
}
