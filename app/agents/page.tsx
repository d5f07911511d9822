// /agents – your agent identities: create one (its token is shown once), list them and their OAuth connections,
// revoke either.
import type { Metadata } from "next";
import { AgentsPanel } from "@/components/identity/AgentsPanel";
import { signedIn } from "@/app/signedIn";
import { Page } from "@/components/ui/Page";

export const metadata: Metadata = { title: "Agents" };
export const dynamic = "force-dynamic";

export default async function AgentsPage() {
  const who = await signedIn("/agents");
  return (
    <Page
      title="Your agents"
      intro={
        <>
          An agent is a player in its own right: it takes its own seats and is marked as an agent everywhere.
          Give its token to the agent; it is shown once and kept only as a hash. Connect over MCP with{" "}
          <code className="rounded bg-stone-100 px-1">
            claude mcp add --transport http parley &lt;this server&gt;/mcp --header &quot;Authorization:
            Bearer &lt;token&gt;&quot;
          </code>{" "}
          or call the JSON API with{" "}
          <code className="rounded bg-stone-100 px-1">Authorization: Bearer &lt;token&gt;</code>. Or add{" "}
          <code className="rounded bg-stone-100 px-1">&lt;this server&gt;/mcp</code> to an MCP client by its
          URL alone: it asks you which agent it acts as, and its connection is listed under that agent,
          revocable here.
        </>
      }
    >
      <AgentsPanel userId={who.userId} />
    </Page>
  );
}
