// The app's tRPC router: one sub-router per module, generated from the operation declarations (Round Tables still
// by hand until they are declared), and the live feed's subscription.
import { OPERATIONS } from "../../operations";
import { councilRouter } from "./council";
import { proceduresOf } from "./generate";
import { createCallerFactory, router } from "./init";
import { liveRouter } from "./live";

export const appRouter = router({
  identity: router(proceduresOf(OPERATIONS.identity)),
  live: liveRouter,
  tables: router(proceduresOf(OPERATIONS.tables)),
  councils: councilRouter,
  plans: router(proceduresOf(OPERATIONS.plans)),
});

export type AppRouter = typeof appRouter;
export const createCaller = createCallerFactory(appRouter);
export { createContextInner } from "./init";
