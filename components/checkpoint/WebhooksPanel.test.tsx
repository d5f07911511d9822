// The plan page's webhook section as its owner first sees it (rendered from a seeded answer of plans.webhooks): the
// event types offered by their delivered names, Standard Webhooks named, each webhook with a way to rotate its secret,
// and a webhook from before Standard Webhooks told why its secret is to be rotated — and only that one.
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { createTRPCClient, httpBatchLink } from "@trpc/client";
import { createTRPCOptionsProxy } from "@trpc/tanstack-react-query";
import { renderToStaticMarkup } from "react-dom/server";
import superjson from "superjson";
import { describe, expect, it } from "vitest";
import type { AppRouter } from "@/server/doors/trpc";
import { WEBHOOK_EVENTS } from "@/server/rules/checkpoint";
import { TRPCProvider } from "@/components/ui/trpc";
import { WebhooksPanel } from "./WebhooksPanel";

const hook = (id: number, secretOutdated: boolean) => ({
  id,
  url: `https://orchestrator.example.com/hook/${id}`,
  events: ["plan.outcome" as const],
  createdAt: "2026-12-01T09:00:00.000Z",
  secretOutdated,
  deliveries: [],
});

function render() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity } } });
  // never asked: the answer is seeded, and a server render fetches nothing
  const trpcClient = createTRPCClient<AppRouter>({
    links: [httpBatchLink({ url: "http://127.0.0.1:9/api/trpc", transformer: superjson })],
  });
  const trpc = createTRPCOptionsProxy<AppRouter>({ client: trpcClient, queryClient });
  queryClient.setQueryData(trpc.plans.webhooks.queryKey({ planId: 7 }), {
    choices: [...WEBHOOK_EVENTS],
    webhooks: [hook(1, true), hook(2, false)],
  });
  return renderToStaticMarkup(
    <QueryClientProvider client={queryClient}>
      <TRPCProvider trpcClient={trpcClient} queryClient={queryClient}>
        <WebhooksPanel planId={7} />
      </TRPCProvider>
    </QueryClientProvider>,
  );
}

describe("the plan page's webhooks", () => {
  it("offers the event types by their delivered names and names Standard Webhooks' headers", () => {
    const html = render();
    for (const type of WEBHOOK_EVENTS) expect(html).toContain(`/>${type}</label>`);
    expect(html).toMatch(/<input type="checkbox" checked=""\/>plan\.checkpoint</);
    expect(html).toContain("Standard Webhooks");
    expect(html).toContain("<code>webhook-signature</code>");
    expect(html).not.toMatch(/Parley-(Signature|Delivery)/);
  });

  it("asks for a rotation of a secret from before Standard Webhooks, and offers one for every webhook", () => {
    const html = render();
    const rows = html.split('data-testid="webhook"').slice(1);
    expect(rows).toHaveLength(2);
    expect(rows[0]).toContain('data-testid="webhook-outdated"');
    expect(rows[0]).toContain("its secret was shown written in base64url, which their libraries refuse");
    expect(rows[1]).not.toContain("webhook-outdated");
    for (const row of rows) expect(row).toContain("Rotate the secret</button>");
  });
});
