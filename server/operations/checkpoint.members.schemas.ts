// The answers about a plan's members and settings, as schemas: who holds which role, who is invited, and every
// change of the roles and of the settings (snake_case on the JSON API and MCP).
import { z } from "zod";
import { ASSIGNABLE_ROLES, PLAN_ROLES, PLAN_VISIBILITIES, ROLE_ACTIONS } from "../rules/checkpoint";
import { ZInstant, ZMay } from "./common";

export const ZVisibility = z.enum(PLAN_VISIBILITIES);
export const ZTtl = z
  .number()
  .nullable()
  .describe("how long an approval counts, in ms; null: until a superseding revision");

const ZMember = z.object({
  role: z.enum(PLAN_ROLES),
  kind: z.enum(["person", "agent"]),
  name: z.string(),
  owner: z.string().nullable().describe("an agent's owner"),
  since: ZInstant,
  by: z.string().describe("who gave the role"),
});

/** Who holds which role, what each may, and every change of the roles and of the settings. */
export const ZMembers = z.object({
  members: z.array(ZMember).describe("the owner first, then every role as it stands (given, or accepted)"),
  invited: z
    .array(ZMember)
    .describe(
      "invitations to a role waiting for an answer (since: when invited; by: the owner); they count for nothing until accepted",
    ),
  log: z
    .array(
      z.object({
        action: z
          .enum(ROLE_ACTIONS)
          .describe(
            "invite (the owner asks), accept or decline (the invitee answers; by is the invitee), assign (the owner herself or her own agent: no consent needed), remove (taken back, or an invitation withdrawn)",
          ),
        role: z.enum(ASSIGNABLE_ROLES),
        kind: z.enum(["person", "agent"]),
        name: z.string(),
        owner: z.string().nullable(),
        by: z.string(),
        at: ZInstant,
      }),
    )
    .describe("every change of a role, newest first (append-only)"),
  settings: z
    .array(
      z.object({
        field: z.string(),
        before: z.string().nullable(),
        after: z.string().nullable(),
        by: z.string(),
        at: ZInstant,
      }),
    )
    .describe("every change of the visibility and the approval terms, newest first"),
  roles: z.array(z.object({ role: z.enum(PLAN_ROLES), may: z.string() })),
  visibilities: z.array(z.object({ visibility: ZVisibility, reads: z.string() })),
});

export const ZMembersAnswer = ZMembers.extend({
  planId: z.number(),
  owner: z.string(),
  visibility: ZVisibility,
  requiredApprovers: z.number(),
  approvalTtlMs: ZTtl,
  mayManage: ZMay.describe("whether you may assign roles and change the settings, or why not"),
});

export const ZRoleChanged = z.object({
  role: z.enum(ASSIGNABLE_ROLES),
  name: z.string(),
  action: z
    .enum(["invite", "assign", "remove"])
    .describe(
      "invite: another person is asked and the role counts once they accept; assign: yourself or your own agent, counting at once; remove",
    ),
  message: z.string().describe("what happened, in one sentence"),
  members: z.array(ZMember),
  invited: z.array(ZMember).describe("invitations to a role waiting for an answer"),
});

export const ZSettingsChanged = z.object({
  visibility: ZVisibility,
  requiredApprovers: z.number(),
  approvalTtlMs: ZTtl,
  changed: z.array(z.string()),
});
