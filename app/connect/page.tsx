// /connect?request=… – an MCP client asks to connect by OAuth: the signed-in person sees which client asks (its name,
// where its answer goes, that nobody vouches for it), chooses which of their agents it acts as — or names a new one —
// and allows or refuses. A client never acts as the person: everything it does is marked as that agent's.
import type { Metadata } from "next";
import { ConsentForm } from "@/components/identity/ConsentForm";
import { consentRequest } from "@/server/actions/oauth";
import { signedIn } from "@/app/signedIn";
import { wallClock } from "@/server/clock";
import { getDb } from "@/server/db";
import { Page } from "@/components/ui/Page";

export const metadata: Metadata = { title: "Connect a client", robots: { index: false } };
export const dynamic = "force-dynamic";

export default async function ConnectPage({ searchParams }: { searchParams: Promise<{ request?: string }> }) {
  const { request = "" } = await searchParams;
  const who = await signedIn(`/connect?request=${request}`);
  const r = await consentRequest(await getDb(), who, { request: request.slice(0, 100) || "-" }, wallClock());
  return (
    <Page title="Connect a client" width="mx-auto max-w-xl">
      {r.ok ? (
        <ConsentForm request={request} client={r.value.client} agents={r.value.agents} />
      ) : (
        <p className="card text-sm" role="alert" data-testid="consent-refused">
          {r.message}
        </p>
      )}
    </Page>
  );
}
