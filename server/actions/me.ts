// Who am I: the answer of GET /api/me and the MCP whoami tool.
import type { Db } from "../db";
import type { Who } from "../identity";
import { ok, type Result } from "../rules/result";

export type Me =
  | { kind: "anon" }
  | { kind: "user"; id: number; name: string; tier: "user" | "admin" }
  | { kind: "agent"; id: number; name: string; tier: "agent"; owner: { id: number; name: string } };

export async function me(db: Db, who: Who): Promise<Result<Me>> {
  if (who.kind === "anon") return ok({ kind: "anon" });
  if (who.kind === "user")
    return ok({ kind: "user", id: who.userId, name: who.name, tier: who.admin ? "admin" : "user" });
  const owner = await db.user.findUnique({ where: { id: who.ownerId }, select: { id: true, name: true } });
  return ok({
    kind: "agent",
    id: who.agentId,
    name: who.name,
    tier: "agent",
    owner: owner ?? { id: who.ownerId, name: "?" },
  });
}
