// OAuth connections, declared once: a person answers a client's request to connect (as one of their agents), lists
// their agents' connections and revokes one. The protocol's own endpoints are the MCP SDK's (server/oauth).
import { z } from "zod";
import {
  answerConsent,
  consentRequest,
  listConnections,
  revokeConnection,
  ZConsent,
  ZConsentRequest,
} from "../actions/oauth";
import { ZId } from "./common";
import { operation, PEOPLE } from "./operation";

const ZClientSeen = z.object({
  name: z.string().describe("what the client calls itself"),
  redirectHost: z.string().describe("where the client's answer is sent"),
  site: z
    .string()
    .nullable()
    .describe(
      "the host that published the client's metadata document (its client_id URL); null when it registered",
    ),
  unverified: z
    .boolean()
    .describe(
      "true when nobody vouches for the client's name: it registered itself, or its answer does not go back to its site",
    ),
});

const ZConnection = z.object({
  id: z.number(),
  agentId: z.number(),
  client: z.string(),
  redirectHost: z.string(),
  createdAt: z.date(),
  lastUsedAt: z.date().nullable(),
  revokedAt: z.date().nullable(),
});

export const OAUTH_OPERATIONS = {
  consentRequest: operation({
    name: "oauth.consentRequest",
    summary:
      "A client's request to connect, waiting for your answer: who asks, and the agents it may act as.",
    input: ZConsentRequest,
    output: z.object({
      client: ZClientSeen,
      scope: z.string(),
      agents: z.array(z.object({ id: z.number(), name: z.string() })),
    }),
    callers: PEOPLE,
    kind: "read",
    run: ({ db, who, now }, i) => consentRequest(db, who, i, now),
  }),
  consent: operation({
    name: "oauth.consent",
    summary:
      "Answer a client's request to connect: allow it to act as one of your agents (or a new one), or refuse; the answer is where to send the browser back.",
    input: ZConsent,
    output: z.object({
      redirectTo: z.string().describe("the client's redirect URI with its code, or its refusal"),
    }),
    callers: PEOPLE,
    kind: "write",
    rest: { method: "POST", path: "/api/oauth/consent" },
    run: ({ db, who, now }, i) => answerConsent(db, who, i, now),
  }),
  connections: operation({
    name: "oauth.connections",
    summary: "Your agents' OAuth connections: which client acts as which agent, since when, last used.",
    input: z.object({}).strict(),
    output: z.array(ZConnection),
    callers: PEOPLE,
    kind: "read",
    rest: { method: "GET", path: "/api/oauth/connections" },
    run: ({ db, who }) => listConnections(db, who),
  }),
  revokeConnection: operation({
    name: "oauth.revokeConnection",
    summary:
      "Revoke an OAuth connection: its tokens are refused from the next request on, and its open streams end.",
    input: z.object({ connectionId: ZId.describe("the connection's id") }).strict(),
    output: z.object({ id: z.number(), revoked: z.literal(true) }),
    callers: PEOPLE,
    kind: "write",
    rest: { method: "POST", path: "/api/oauth/connections/:connection_id/revoke" },
    run: ({ db, who, now }, i) => revokeConnection(db, who, { id: i.connectionId }, now),
  }),
};
