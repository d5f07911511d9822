// tRPC procedures for Round Tables: what the pages use; each calls one action.
import {
  answerRound,
  confirmStep,
  convene,
  councilMinutes,
  councilState,
  exportState,
  importState,
  listCouncils,
  recordRuling,
  setAxes,
} from "../../actions/council";
import { procedure, router, unwrap } from "./init";

const raw = (v: unknown) => v as Record<string, unknown> | undefined;
const id = (v: unknown) => ({ id: (v as { id?: unknown } | undefined)?.id });
const withBody = (v: unknown) => ({ ...id(v), body: (v as { body?: unknown } | undefined)?.body });

export const councilRouter = router({
  list: procedure.query(async ({ ctx }) => unwrap(await listCouncils(ctx.db, ctx.who, ctx.clock()))),
  state: procedure
    .input(raw)
    .query(async ({ ctx, input }) => unwrap(await councilState(ctx.db, ctx.who, id(input), ctx.clock()))),
  minutes: procedure
    .input(raw)
    .query(async ({ ctx, input }) => unwrap(await councilMinutes(ctx.db, ctx.who, id(input), ctx.clock()))),
  exportState: procedure
    .input(raw)
    .query(async ({ ctx, input }) => unwrap(await exportState(ctx.db, ctx.who, id(input), ctx.clock()))),
  convene: procedure
    .input(raw)
    .mutation(async ({ ctx, input }) => unwrap(await convene(ctx.db, ctx.who, input, ctx.clock()))),
  importState: procedure
    .input(raw)
    .mutation(async ({ ctx, input }) => unwrap(await importState(ctx.db, ctx.who, input, ctx.clock()))),
  answer: procedure
    .input(raw)
    .mutation(async ({ ctx, input }) =>
      unwrap(await answerRound(ctx.db, ctx.who, withBody(input), ctx.clock())),
    ),
  confirm: procedure
    .input(raw)
    .mutation(async ({ ctx, input }) =>
      unwrap(await confirmStep(ctx.db, ctx.who, withBody(input), ctx.clock())),
    ),
  axes: procedure
    .input(raw)
    .mutation(async ({ ctx, input }) => unwrap(await setAxes(ctx.db, ctx.who, withBody(input), ctx.clock()))),
  ruling: procedure
    .input(raw)
    .mutation(async ({ ctx, input }) =>
      unwrap(await recordRuling(ctx.db, ctx.who, withBody(input), ctx.clock())),
    ),
});
