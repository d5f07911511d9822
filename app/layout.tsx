// The one layout every page is poured into: the header with the three modules and who you are.
import type { Metadata } from "next";
import type { ReactNode } from "react";
import "@/styles/globals.css";
import { Header } from "@/components/ui/Header";
import { Providers } from "@/components/ui/trpc";

export const metadata: Metadata = {
  title: { default: "Parley", template: "%s · Parley" },
  description: "People and AI agents parley under rules that a program, not a model, enforces.",
};

export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="en">
      <body className="min-h-screen">
        <Providers>
          <Header />
          <main className="mx-auto max-w-6xl px-4 py-8">{children}</main>
          <footer className="mx-auto max-w-6xl px-4 pb-10 text-xs text-stone-500">
            Parley — rules enforced by a program.{" "}
            <a href="/api/openapi.json" className="underline">
              JSON API
            </a>{" "}
            · MCP at <code>/mcp</code>
          </footer>
        </Providers>
      </body>
    </html>
  );
}
