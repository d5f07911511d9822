// tRPC procedures of Wave checkpoints: what the plan pages use; each calls one action.
import {
  approve,
  assessRisk,
  confirmAssignment,
  createPlan,
  listPlans,
  planView,
  postOutcome,
  readAudit,
  revisePlan,
  runCheckpoint,
} from "../../actions/checkpoint";
import { procedure, router, unwrap } from "./init";

const raw = (v: unknown) => v as Record<string, unknown> | undefined;
const idAndBody = (v: Record<string, unknown> | undefined) => ({ id: v?.id, body: v?.body });

export const checkpointRouter = router({
  list: procedure.query(async ({ ctx }) => unwrap(await listPlans(ctx.db, ctx.who))),
  view: procedure
    .input(raw)
    .query(async ({ ctx, input }) =>
      unwrap(await planView(ctx.db, ctx.who, { id: input?.id, revision: input?.revision }, ctx.clock())),
    ),
  audit: procedure
    .input(raw)
    .query(async ({ ctx, input }) =>
      unwrap(await readAudit(ctx.db, ctx.who, { id: input?.id, query: input?.query })),
    ),
  create: procedure
    .input(raw)
    .mutation(async ({ ctx, input }) =>
      unwrap(await createPlan(ctx.db, ctx.who, input, new Date(ctx.clock()))),
    ),
  revise: procedure
    .input(raw)
    .mutation(async ({ ctx, input }) =>
      unwrap(await revisePlan(ctx.db, ctx.who, idAndBody(input), new Date(ctx.clock()))),
    ),
  postOutcome: procedure
    .input(raw)
    .mutation(async ({ ctx, input }) =>
      unwrap(await postOutcome(ctx.db, ctx.who, idAndBody(input), new Date(ctx.clock()))),
    ),
  assessRisk: procedure
    .input(raw)
    .mutation(async ({ ctx, input }) =>
      unwrap(await assessRisk(ctx.db, ctx.who, idAndBody(input), new Date(ctx.clock()))),
    ),
  approve: procedure
    .input(raw)
    .mutation(async ({ ctx, input }) =>
      unwrap(await approve(ctx.db, ctx.who, idAndBody(input), new Date(ctx.clock()))),
    ),
  confirm: procedure
    .input(raw)
    .mutation(async ({ ctx, input }) =>
      unwrap(await confirmAssignment(ctx.db, ctx.who, idAndBody(input), new Date(ctx.clock()))),
    ),
  checkpoint: procedure
    .input(raw)
    .mutation(async ({ ctx, input }) =>
      unwrap(await runCheckpoint(ctx.db, ctx.who, idAndBody(input), new Date(ctx.clock()))),
    ),
});
