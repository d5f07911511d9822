// The app's tRPC router: one sub-router per area; each procedure calls one action.
import { checkpointRouter } from "./checkpoint";
import { councilRouter } from "./council";
import { gameRouter } from "./game";
import { identityRouter } from "./identity";
import { createCallerFactory, router } from "./init";
import { liveRouter } from "./live";

export const appRouter = router({
  identity: identityRouter,
  live: liveRouter,
  tables: gameRouter,
  councils: councilRouter,
  plans: checkpointRouter,
});

export type AppRouter = typeof appRouter;
export const createCaller = createCallerFactory(appRouter);
export { createContextInner } from "./init";
