"use client";
// The phone's menu: the modules and your account's links (agents, moderation, sign out) behind one button. A native
// <details>, so it opens without waiting for the page's scripts; it closes when a link in it is followed.
import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { useRef } from "react";
import { SignOutButton } from "@/components/identity/SignOutButton";
import { MODULES } from "./modules";
import { useTRPC } from "./trpc";

export function SiteMenu() {
  const trpc = useTRPC();
  const who = useQuery(trpc.identity.me.queryOptions()).data;
  const menu = useRef<HTMLDetailsElement>(null);
  const close = () => menu.current?.removeAttribute("open");
  const links = [
    ...MODULES,
    ...(who?.kind === "user" ? [{ href: "/agents", label: "Agents" }] : []),
    ...(who?.kind === "user" && who.tier === "admin" ? [{ href: "/moderation", label: "Moderation" }] : []),
  ];
  return (
    <details ref={menu} className="relative sm:hidden" data-testid="site-menu">
      <summary className="btn-quiet cursor-pointer list-none px-2.5 py-1" aria-label="Menu">
        <svg aria-hidden="true" viewBox="0 0 20 20" className="h-5 w-5" fill="currentColor">
          <path d="M3 5h14v2H3V5Zm0 4h14v2H3V9Zm0 4h14v2H3v-2Z" />
        </svg>
      </summary>
      <div className="absolute right-0 z-50 mt-2 flex w-56 flex-col gap-1 rounded-md border border-stone-200 bg-white p-2 shadow-lg">
        {links.map((l) => (
          <Link
            key={l.href}
            href={l.href}
            className="rounded px-2 py-2 no-underline hover:bg-stone-100"
            onClick={close}
          >
            {l.label}
          </Link>
        ))}
        {who?.kind === "user" ? (
          <div className="border-t border-stone-200 px-2 pt-2">
            <SignOutButton />
          </div>
        ) : null}
      </div>
    </details>
  );
}
