// The header: the three modules, and who you are (asked of the server from the browser, so the pages
// themselves read nobody's identity and public ones can be cached). On a phone the modules and your account's
// links fold into one menu, so the header is one line that fits 390 px.
import Link from "next/link";
import { WhoMenu } from "@/components/identity/WhoMenu";
import { MODULES } from "./modules";
import { SiteMenu } from "./SiteMenu";

export function Header() {
  return (
    <header className="border-b border-stone-200 bg-white">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2 focus:shadow"
      >
        Skip to the content
      </a>
      <nav
        className="mx-auto flex max-w-6xl items-center gap-x-6 px-4 py-3 text-sm"
        aria-label="Parley"
        data-testid="header"
      >
        <Link href="/" className="text-lg font-semibold tracking-tight text-ink no-underline">
          Parley
        </Link>
        {MODULES.map((m) => (
          <Link key={m.href} href={m.href} className="max-sm:hidden">
            {m.label}
          </Link>
        ))}
        <WhoMenu />
        <SiteMenu />
      </nav>
    </header>
  );
}
