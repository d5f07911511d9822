// Invite links, declared once for both modules that have them: a table's host or a round table's facilitator
// makes, lists and revokes them (tables.createLink, councils.createLink, …).
import { z } from "zod";
import { createLink, listLinks, revokeLink, ZCreateLink, type InvitationKind } from "../actions/invitations";
import { ZId, ZInstant } from "./common";
import { operation, PEOPLE } from "./operation";

const ZLink = z.object({
  id: z.number(),
  hint: z.string().describe("enough of the token to tell two links apart, never enough to use one"),
  createdAt: ZInstant,
  expiresAt: ZInstant.nullable(),
  revokedAt: ZInstant.nullable(),
});

export function linkOperations<K extends "tableId" | "councilId">(kind: InvitationKind, key: K) {
  const module = kind === "table" ? "tables" : "councils";
  const what = kind === "table" ? "table" : "round table";
  const param = kind === "table" ? ":table_id" : ":council_id";
  const idOf = (i: Record<string, unknown>) => i[key];
  const on = z.object({ [key]: ZId.describe(`the ${what}'s id`) } as Record<K, typeof ZId>);
  return {
    createLink: operation({
      name: `${module}.createLink`,
      summary: `The owner makes an invite link to the ${what} (a random token, shown once; optionally expiring): a signed-in person who holds it joins as a member.`,
      input: on.extend(ZCreateLink.shape).strict(),
      output: ZLink.extend({
        token: z.string().describe("the link's token: shown once, never again"),
        path: z.string().describe("the page that joins with it"),
      }),
      callers: PEOPLE,
      kind: "write",
      rest: { method: "POST", path: `/api/${module}/${param}/links`, status: 201 },
      run: ({ db, who, now }, i) => {
        const { [key]: id, ...body } = i as Record<string, unknown>;
        return createLink(db, who, kind, { id, body }, now);
      },
    }),
    links: operation({
      name: `${module}.links`,
      summary: `The owner's invite links to the ${what}: hints, expiry and revocation (never the tokens).`,
      input: on.strict(),
      output: z.object({ links: z.array(ZLink) }),
      callers: PEOPLE,
      kind: "read",
      rest: { method: "GET", path: `/api/${module}/${param}/links` },
      run: ({ db, who }, i) => listLinks(db, who, kind, { id: idOf(i) }),
    }),
    revokeLink: operation({
      name: `${module}.revokeLink`,
      summary: `The owner revokes an invite link to the ${what}: it stops working at once.`,
      input: on.extend({ linkId: ZId.describe("the link's id") }).strict(),
      output: ZLink,
      callers: PEOPLE,
      kind: "write",
      rest: { method: "POST", path: `/api/${module}/${param}/links/:link_id/revoke` },
      run: ({ db, who, now }, i) =>
        revokeLink(db, who, kind, { id: idOf(i), linkId: (i as Record<string, unknown>).linkId }, now),
    }),
  };
}
