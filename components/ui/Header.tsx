// The header: the three modules, and sign-in or the signed-in person with their agents.
import Link from "next/link";
import { SignOutButton } from "@/components/identity/SignOutButton";

export function Header({ who }: { who: { name: string; admin: boolean } | null }) {
  return (
    <header className="border-b border-stone-200 bg-white">
      <nav className="mx-auto flex max-w-6xl items-center gap-6 px-4 py-3 text-sm">
        <Link href="/" className="text-lg font-semibold tracking-tight text-ink no-underline">
          Parley
        </Link>
        <Link href="/tables">Tables</Link>
        <Link href="/councils">Round Tables</Link>
        <Link href="/plans">Checkpoints</Link>
        <Link href="/rules">Rules</Link>
        <span className="ml-auto flex items-center gap-3" data-testid="who">
          {who ? (
            <>
              <span>
                Signed in as <strong data-testid="who-name">{who.name}</strong>
                {who.admin ? <span className="badge ml-1 bg-amber-100 text-amber-800">admin</span> : null}
              </span>
              <Link href="/agents">Agents</Link>
              <SignOutButton />
            </>
          ) : (
            <Link href="/signin" className="btn no-underline">
              Sign in
            </Link>
          )}
        </span>
      </nav>
    </header>
  );
}
