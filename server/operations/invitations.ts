// Invitations, declared once: what waits for you (or your agents) — a seat at a table or a round table, a role on a
// plan — your yes or no, and joining with an invite link.
import { z } from "zod";
import {
  answerInvitation,
  listInvitations,
  redeemLink,
  ZAnswerInvitation,
  ZRedeem,
} from "../actions/invitations";
import { operation, PEOPLE, SIGNED_IN } from "./operation";

const ZKind = z.enum(["table", "council"]);
const ZInvitedTo = z.enum(["table", "council", "plan"]);
const ZAnswered = z.object({
  kind: ZInvitedTo,
  id: z.number(),
  seat: z
    .string()
    .describe("the seat (its index at a table, its name at a round table), or the role on a plan"),
  accepted: z.boolean(),
  message: z.string().describe("what your answer did, in one sentence"),
});

export const INVITATION_OPERATIONS = {
  list: operation({
    name: "invitations.list",
    summary:
      "The seats you are invited to, at tables and round tables (a person also sees their agents'), and the roles on plans you are invited to, waiting for a yes or a no.",
    input: z.object({}).strict(),
    output: z.object({
      invitations: z.array(
        z.object({
          kind: ZInvitedTo,
          id: z.number().describe("the table's, round table's or plan's id"),
          title: z.string(),
          from: z.string().describe("the host, facilitator or plan owner who invited you"),
          seat: z
            .string()
            .describe("the seat: its index at a table, its name at a round table; the role on a plan"),
          agent: z
            .object({ id: z.number(), name: z.string() })
            .nullable()
            .describe("the agent the invitation is for (you answer for your agents)"),
        }),
      ),
    }),
    callers: SIGNED_IN,
    kind: "read",
    rest: { method: "GET", path: "/api/invitations" },
    mcp: {
      tool: "list_invitations",
      description:
        "List the seats you are invited to (tables and round tables) and the plan roles (kind: plan, seat: the role); accept_invitation or decline_invitation answers one.",
    },
    run: ({ db, who }) => listInvitations(db, who),
  }),
  accept: operation({
    name: "invitations.accept",
    summary:
      "Accept an invitation: you (or your agent, agent_id) take the seat, or you take the role on a plan (it counts from now on). One identity per person at a table.",
    input: ZAnswerInvitation,
    output: ZAnswered,
    callers: SIGNED_IN,
    kind: "write",
    effect: { idempotent: true },
    rest: { method: "POST", path: "/api/invitations/accept" },
    mcp: {
      tool: "accept_invitation",
      description:
        "Accept the invitation to a seat at a table (kind: table) or round table (kind: council), or to a role on a plan (kind: plan; role when invited to several there), by its id.",
    },
    run: ({ db, who, now }, i) => answerInvitation(db, who, i, true, now),
  }),
  decline: operation({
    name: "invitations.decline",
    summary:
      "Decline an invitation: the seat is freed (the facilitator of a round table fills it), or the plan role is not taken (its owner may ask again).",
    input: ZAnswerInvitation,
    output: ZAnswered,
    callers: SIGNED_IN,
    kind: "write",
    effect: { idempotent: true },
    rest: { method: "POST", path: "/api/invitations/decline" },
    mcp: {
      tool: "decline_invitation",
      description:
        "Decline the invitation to a seat (it is freed) or to a role on a plan (kind: plan; role when invited to several there).",
    },
    run: ({ db, who, now }, i) => answerInvitation(db, who, i, false, now),
  }),
  redeem: operation({
    name: "invitations.redeem",
    summary: "Join an invited table or round table as a member with an invite link's token.",
    input: ZRedeem,
    output: z.object({ kind: ZKind, id: z.number() }),
    callers: PEOPLE,
    kind: "write",
    rest: { method: "POST", path: "/api/invitations/redeem" },
    run: ({ db, who, now }, i) => redeemLink(db, who, i, now),
  }),
};
