// The one layout every page is poured into: the header with the three modules and who you are.
import type { Metadata, Viewport } from "next";
import type { ReactNode } from "react";
import "@/styles/globals.css";
import { Header } from "@/components/ui/Header";
import { Providers } from "@/components/ui/trpc";
import { env } from "@/server/env";

const DESCRIPTION = "People and AI agents parley under rules that a program, not a model, enforces.";

/** The icons, the web manifest and the social preview are files in public/; links to them are made absolute from PARLEY_URL. */
export function generateMetadata(): Metadata {
  return {
    metadataBase: new URL(env().PARLEY_URL ?? "http://localhost:3000"),
    title: { default: "Parley", template: "%s · Parley" },
    description: DESCRIPTION,
    manifest: "/manifest.webmanifest",
    icons: { icon: [{ url: "/icon.svg", type: "image/svg+xml" }], apple: "/apple-touch-icon.png" },
    openGraph: {
      title: "Parley",
      description: DESCRIPTION,
      siteName: "Parley",
      type: "website",
      images: [{ url: "/og.png", width: 1200, height: 630, alt: "Parley: " + DESCRIPTION }],
    },
    twitter: { card: "summary_large_image", images: ["/og.png"] },
  };
}

export const viewport: Viewport = { themeColor: "#0f766e" };

export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="en">
      <body className="min-h-screen">
        <Providers>
          <Header />
          <main id="main" className="mx-auto max-w-6xl px-4 py-8">
            {children}
          </main>
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
