// The app's tRPC router: one sub-router per module, generated from the operation declarations (Round Tables and
// plans still by hand until they are declared), and the live feed's subscription.
import { OPERATIONS } from "../../operations";
import { checkpointRouter } from "./checkpoint";
import { councilRouter } from "./council";
import { proceduresOf } from "./generate";
import { createCallerFactory, router } from "./init";
import { liveRouter } from "./live";

export const appRouter = router({
  identity: router(proceduresOf(OPERATIONS.identity)),
  live: liveRouter,
  tables: router(proceduresOf(OPERATIONS.tables)),
  councils: councilRouter,
  plans: checkpointRouter,
});

export type AppRouter = typeof appRouter;
export const createCaller = createCallerFactory(appRouter);
export { createContextInner } from "./init";
