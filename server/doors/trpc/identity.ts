// tRPC procedures for who you are and your agents.
import { createAgent, listAgents, revokeAgent } from "../../actions/agents";
import { me } from "../../actions/me";
import { procedure, router, unwrap } from "./init";

const raw = (v: unknown) => v;

export const identityRouter = router({
  me: procedure.query(async ({ ctx }) => unwrap(await me(ctx.db, ctx.who))),
  agents: procedure.query(async ({ ctx }) => unwrap(await listAgents(ctx.db, ctx.who))),
  createAgent: procedure
    .input(raw)
    .mutation(async ({ ctx, input }) => unwrap(await createAgent(ctx.db, ctx.who, input))),
  revokeAgent: procedure
    .input(raw)
    .mutation(async ({ ctx, input }) => unwrap(await revokeAgent(ctx.db, ctx.who, input))),
});
