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
  list: procedure.query(async ({ ctx }) => unwrap(await listCouncils(ctx.db, ctx.who))),
  state: procedure
    .input(raw)
    .query(async ({ ctx, input }) => unwrap(await councilState(ctx.db, ctx.who, id(input)))),
  minutes: procedure
    .input(raw)
    .query(async ({ ctx, input }) => unwrap(await councilMinutes(ctx.db, ctx.who, id(input)))),
  exportState: procedure
    .input(raw)
    .query(async ({ ctx, input }) => unwrap(await exportState(ctx.db, ctx.who, id(input)))),
  convene: procedure
    .input(raw)
    .mutation(async ({ ctx, input }) => unwrap(await convene(ctx.db, ctx.who, input))),
  importState: procedure
    .input(raw)
    .mutation(async ({ ctx, input }) => unwrap(await importState(ctx.db, ctx.who, input))),
  answer: procedure
    .input(raw)
    .mutation(async ({ ctx, input }) => unwrap(await answerRound(ctx.db, ctx.who, withBody(input)))),
  confirm: procedure
    .input(raw)
    .mutation(async ({ ctx, input }) => unwrap(await confirmStep(ctx.db, ctx.who, withBody(input)))),
  axes: procedure
    .input(raw)
    .mutation(async ({ ctx, input }) => unwrap(await setAxes(ctx.db, ctx.who, withBody(input)))),
  ruling: procedure
    .input(raw)
    .mutation(async ({ ctx, input }) => unwrap(await recordRuling(ctx.db, ctx.who, withBody(input)))),
});
