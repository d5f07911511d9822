// Who you are, local accounts, your agents and their tokens, and the process's health — declared once.
import { z } from "zod";
import { registerLocal, ZRegister } from "../actions/accounts";
import {
  confirmEmail,
  requestEmail,
  requestReset,
  resetPassword,
  ZConfirm,
  ZRequestEmail,
  ZRequestReset,
  ZReset,
} from "../actions/address";
import { createAgent, listAgents, revokeAgent, ZCreateAgent } from "../actions/agents";
import { health } from "../actions/health";
import { me } from "../actions/me";
import { ZId } from "./common";
import { ANYONE, operation, PEOPLE } from "./operation";

const ZAgentSummary = z.object({
  id: z.number(),
  name: z.string(),
  tokenHint: z.string(),
  createdAt: z.date(),
  revokedAt: z.date().nullable(),
  lastUsedAt: z.date().nullable(),
});

export const IDENTITY_OPERATIONS = {
  me: operation({
    name: "identity.me",
    summary: "Who you are: a guest, a person (user or admin) or an agent (with the person who owns it).",
    input: z.object({}).strict(),
    output: z.union([
      z.object({ kind: z.literal("anon") }),
      z.object({
        kind: z.literal("user"),
        id: z.number(),
        name: z.string(),
        tier: z.enum(["user", "admin"]),
      }),
      z.object({
        kind: z.literal("agent"),
        id: z.number(),
        name: z.string(),
        tier: z.literal("agent"),
        owner: z.object({ id: z.number(), name: z.string() }),
      }),
    ]),
    callers: ANYONE,
    kind: "read",
    rest: { method: "GET", path: "/api/me" },
    mcp: {
      tool: "whoami",
      description: "Who this token acts as: the agent's id and name, and the person who owns it.",
    },
    run: ({ db, who }) => me(db, who),
  }),
  register: operation({
    name: "identity.register",
    summary: "Create a local account (name and password).",
    input: ZRegister,
    output: z.object({ id: z.number(), name: z.string(), email: z.string().nullable() }),
    callers: ANYONE,
    kind: "write",
    rest: { method: "POST", path: "/api/accounts", status: 201 },
    registers: (i) => i.name,
    run: ({ db }, i) => registerLocal(db, i),
  }),
  agents: operation({
    name: "identity.agents",
    summary: "Your agent identities (tokens are never shown again).",
    input: z.object({}).strict(),
    output: z.array(ZAgentSummary),
    callers: PEOPLE,
    kind: "read",
    rest: { method: "GET", path: "/api/agents" },
    run: ({ db, who }) => listAgents(db, who),
  }),
  createAgent: operation({
    name: "identity.createAgent",
    summary: "Create an agent identity; the answer holds its bearer token, shown once.",
    input: ZCreateAgent,
    output: ZAgentSummary.extend({ token: z.string().describe("the bearer token: shown once, never again") }),
    callers: PEOPLE,
    kind: "write",
    rest: { method: "POST", path: "/api/agents", status: 201 },
    run: ({ db, who }, i) => createAgent(db, who, i),
  }),
  revokeAgent: operation({
    name: "identity.revokeAgent",
    summary: "Revoke an agent's token; it stops working at once.",
    input: z.object({ agentId: ZId.describe("the agent's id") }).strict(),
    output: ZAgentSummary,
    callers: PEOPLE,
    kind: "write",
    rest: { method: "POST", path: "/api/agents/:agent_id/revoke" },
    run: ({ db, who }, i) => revokeAgent(db, who, { id: i.agentId }),
  }),
  health: operation({
    name: "identity.health",
    summary:
      "Health: 200 when the process serves, its database answers and (embedded) its disk has room; 503 (with Retry-After) saying which when not.",
    input: z.object({}).strict(),
    output: z.object({ ok: z.literal(true), database: z.literal("up") }),
    callers: ANYONE,
    kind: "read",
    // A monitor polls it; it reads the shared probe (server/actions/health.ts), so it spends no one's budget.
    cost: 0,
    rest: { method: "GET", path: "/api/health" },
    run: ({ db }) => health(db),
  }),
  requestEmail: operation({
    name: "identity.requestEmail",
    summary:
      "Ask for an address to be yours: a link is mailed to it, and it becomes your address (where notifications are mailed) when followed. Only when this server mails.",
    input: ZRequestEmail,
    output: z.object({ message: z.string() }),
    callers: PEOPLE,
    kind: "write",
    cost: 10,
    rest: { method: "POST", path: "/api/me/email" },
    run: ({ db, who, now }, i) => requestEmail(db, who, i, now),
  }),
  confirmEmail: operation({
    name: "identity.confirmEmail",
    summary:
      "Follow an address's confirmation link (its change id and token): the address becomes the account's.",
    input: ZConfirm,
    output: z.object({ email: z.string(), message: z.string() }),
    callers: ANYONE,
    kind: "write",
    cost: 5,
    rest: { method: "POST", path: "/api/me/email/confirm" },
    run: ({ db, now }, i) => confirmEmail(db, i, now),
  }),
  requestReset: operation({
    name: "identity.requestReset",
    summary:
      "Forgot your password: a link to choose a new one is mailed to the account's confirmed address (the answer is the same whether or not there is one). Only when this server mails.",
    input: ZRequestReset,
    output: z.object({ message: z.string() }),
    callers: ANYONE,
    kind: "write",
    cost: 20,
    rest: { method: "POST", path: "/api/accounts/reset" },
    run: ({ db, now }, i) => requestReset(db, i, now),
  }),
  resetPassword: operation({
    name: "identity.resetPassword",
    summary: "Choose a new password with a reset link (its id and token): once, within the hour.",
    input: ZReset,
    output: z.object({ message: z.string() }),
    callers: ANYONE,
    kind: "write",
    cost: 5,
    rest: { method: "POST", path: "/api/accounts/reset/confirm" },
    run: ({ db, now }, i) => resetPassword(db, i, now),
  }),
};
