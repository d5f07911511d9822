// The header: the three modules, and who you are (asked of the server from the browser, so the pages
// themselves read nobody's identity and public ones can be cached).
import Link from "next/link";
import { WhoMenu } from "@/components/identity/WhoMenu";

export function Header() {
  return (
    <header className="border-b border-stone-200 bg-white">
      <nav className="mx-auto flex max-w-6xl flex-wrap items-center gap-x-6 gap-y-2 px-4 py-3 text-sm">
        <Link href="/" className="text-lg font-semibold tracking-tight text-ink no-underline">
          Parley
        </Link>
        <Link href="/tables">Tables</Link>
        <Link href="/councils">Round Tables</Link>
        <Link href="/plans">Checkpoints</Link>
        <Link href="/rules">Rules</Link>
        <WhoMenu />
      </nav>
    </header>
  );
}
