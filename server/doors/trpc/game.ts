// tRPC procedures for Sworn & Said tables: what the pages use.
import {
  act,
  fillWithBots,
  joinTable,
  leaveTable,
  listTables,
  openTable,
  startTable,
  tableState,
} from "../../actions/game";
import { procedure, router, unwrap } from "./init";

const raw = (v: unknown) => v as Record<string, unknown> | undefined;
const id = (v: unknown) => ({ id: (v as { id?: unknown } | undefined)?.id });

export const gameRouter = router({
  list: procedure.query(async ({ ctx }) => unwrap(await listTables(ctx.db, ctx.who))),
  state: procedure
    .input(raw)
    .query(async ({ ctx, input }) => unwrap(await tableState(ctx.db, ctx.who, id(input), ctx.clock()))),
  open: procedure
    .input(raw)
    .mutation(async ({ ctx, input }) => unwrap(await openTable(ctx.db, ctx.who, input))),
  join: procedure
    .input(raw)
    .mutation(async ({ ctx, input }) => unwrap(await joinTable(ctx.db, ctx.who, id(input), ctx.clock()))),
  leave: procedure
    .input(raw)
    .mutation(async ({ ctx, input }) => unwrap(await leaveTable(ctx.db, ctx.who, id(input)))),
  fillWithBots: procedure
    .input(raw)
    .mutation(async ({ ctx, input }) =>
      unwrap(await fillWithBots(ctx.db, ctx.who, { ...id(input), count: input?.count })),
    ),
  start: procedure
    .input(raw)
    .mutation(async ({ ctx, input }) => unwrap(await startTable(ctx.db, ctx.who, id(input), ctx.clock()))),
  offer: procedure
    .input(raw)
    .mutation(async ({ ctx, input }) =>
      unwrap(await act(ctx.db, ctx.who, "offer", { ...id(input), body: input?.body }, ctx.clock())),
    ),
  accept: procedure
    .input(raw)
    .mutation(async ({ ctx, input }) =>
      unwrap(await act(ctx.db, ctx.who, "accept", { ...id(input), body: input?.body }, ctx.clock())),
    ),
  pass: procedure
    .input(raw)
    .mutation(async ({ ctx, input }) =>
      unwrap(await act(ctx.db, ctx.who, "pass", { ...id(input), body: input?.body }, ctx.clock())),
    ),
});
