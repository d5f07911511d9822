"use client";
// Create, list and revoke agents, and each agent's OAuth connections beside its pasted token; the list follows the
// live feed, so a change made elsewhere shows at once.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Fragment, useState } from "react";
import { CopyButton } from "@/components/ui/CopyButton";
import { ScrollX } from "@/components/ui/ScrollX";
import { useTRPC } from "@/components/ui/trpc";
import { useAttempt } from "@/components/ui/useAttempt";
import { useLive } from "@/components/ui/useLive";
import { When } from "@/components/ui/When";
import { describedBy, WhyNot } from "@/components/ui/WhyNot";
import { TableHead } from "@/components/ui/TableHead";
import { bound } from "@/components/ui/bound";
import { Alert } from "@/components/ui/Alert";
import { Field } from "@/components/ui/FieldError";

export function AgentsPanel({ userId }: { userId: number }) {
  const trpc = useTRPC();
  const qc = useQueryClient();
  const agents = useQuery(trpc.identity.agents.queryOptions());
  const [name, setName] = useState("");
  const [token, setToken] = useState<{ name: string; token: string } | null>(null);
  const connections = useQuery(trpc.oauth.connections.queryOptions());
  const refresh = () =>
    Promise.all([
      qc.invalidateQueries({ queryKey: trpc.identity.agents.queryKey() }),
      qc.invalidateQueries({ queryKey: trpc.oauth.connections.queryKey() }),
    ]);
  const { error, attempt } = useAttempt(refresh);
  useLive([`user:${userId}`], (e) => {
    if (e.type.startsWith("agent.") || e.type.startsWith("oauth.") || e.type === "live.open") void refresh();
  });
  const create = useMutation(
    trpc.identity.createAgent.mutationOptions(
      attempt((a: { name: string; token: string }) => {
        setToken({ name: a.name, token: a.token });
        setName("");
      }),
    ),
  );
  const revoke = useMutation(trpc.identity.revokeAgent.mutationOptions(attempt()));
  const revokeConnection = useMutation(trpc.oauth.revokeConnection.mutationOptions(attempt()));

  return (
    <div className="space-y-4">
      <form
        className="card flex flex-wrap items-end gap-3"
        onSubmit={(e) => {
          e.preventDefault();
          create.mutate({ name });
        }}
      >
        <Field id="agent-name" label="New agent's name" className="min-w-48 flex-1">
          {(c) => <input {...c} {...bound(name, setName)} placeholder="e.g. claude-negotiator" />}
        </Field>
        <button
          className="btn"
          disabled={create.isPending || !name.trim()}
          {...describedBy("agent-why", name.trim() ? null : "Name the agent first.")}
          data-testid="create-agent"
        >
          Create agent
        </button>
        <WhyNot id="agent-why" why={name.trim() ? null : "Name the agent first."} />
      </form>
      <Alert text={error} className="text-sm text-red-700" />
      {token ? (
        <div className="card border-amber-300 bg-amber-50" data-testid="new-token">
          <p className="text-sm font-medium">
            The token for <strong>{token.name}</strong> — copy it now; it will not be shown again:
          </p>
          <code
            id="new-token-value"
            className="mt-2 block break-all rounded bg-white p-2 text-sm"
            data-testid="token-value"
          >
            {token.token}
          </code>
          <div className="mt-2">
            <CopyButton text={token.token} target="new-token-value" label="Copy the token" />
          </div>
        </div>
      ) : null}
      <ScrollX label="Your agents and their connections" className="card p-0">
        <table className="w-full text-sm" data-testid="agents-table">
          <TableHead
            className="border-b border-stone-200 text-left text-xs uppercase text-stone-500"
            cell="px-4 py-2"
            columns={["Agent", "Token", "Created", "Last used", ""]}
          />
          <tbody>
            {agents.data?.length === 0 ? (
              <tr>
                <td colSpan={5} className="px-4 py-6 text-center text-stone-500">
                  No agents yet.
                </td>
              </tr>
            ) : null}
            {agents.data?.map((a) => (
              <Fragment key={a.id}>
                <tr className="border-b border-stone-100 last:border-0" data-testid="agent-row">
                  <td className="px-4 py-2 font-medium">
                    {a.name} <span className="badge bg-indigo-100 text-indigo-800">agent</span>
                  </td>
                  <td className="px-4 py-2 font-mono text-xs">{a.tokenHint}</td>
                  <td className="px-4 py-2">
                    <When at={a.createdAt} mode="ago" />
                  </td>
                  <UseAndRevoke
                    lastUsedAt={a.lastUsedAt}
                    revokedAt={a.revokedAt}
                    revoke={() => revoke.mutate({ agentId: a.id })}
                    testId="revoke-agent"
                  />
                </tr>
                {connections.data
                  ?.filter((c) => c.agentId === a.id)
                  .map((c) => (
                    <tr
                      key={`c${c.id}`}
                      className="border-b border-stone-100 bg-stone-50"
                      data-testid="connection-row"
                    >
                      <td className="py-2 pl-8 pr-4">
                        <span className="badge bg-sky-100 text-sky-900">OAuth</span>{" "}
                        <span className="break-words">{c.client}</span>{" "}
                        <span className="text-xs text-stone-600">({c.redirectHost})</span>
                      </td>
                      <td className="px-4 py-2 text-xs text-stone-600">connection</td>
                      <td className="px-4 py-2">
                        granted <When at={c.createdAt} mode="ago" />
                      </td>
                      <UseAndRevoke
                        lastUsedAt={c.lastUsedAt}
                        revokedAt={c.revokedAt}
                        revoke={() => revokeConnection.mutate({ connectionId: c.id })}
                        testId="revoke-connection"
                        label={`Revoke ${c.client}'s connection as ${a.name}`}
                      />
                    </tr>
                  ))}
              </Fragment>
            ))}
          </tbody>
        </table>
      </ScrollX>
    </div>
  );
}

/** An agent's or a connection's last two cells: when it was last used, and its Revoke (or that it is revoked). */
function UseAndRevoke({
  lastUsedAt,
  revokedAt,
  revoke,
  testId,
  label,
}: {
  lastUsedAt: Date | string | null;
  revokedAt: Date | string | null;
  revoke: () => void;
  testId: string;
  label?: string;
}) {
  return (
    <>
      <td className="px-4 py-2">{lastUsedAt ? <When at={lastUsedAt} mode="ago" /> : "never"}</td>
      <td className="px-4 py-2 text-right">
        {revokedAt ? (
          <span className="badge bg-stone-200 text-stone-700">revoked</span>
        ) : (
          <button className="btn-quiet" onClick={revoke} aria-label={label} data-testid={testId}>
            Revoke
          </button>
        )}
      </td>
    </>
  );
}
