// The app's tRPC router: one sub-router per module, generated from the operation declarations, and the live feed's
// subscription.
import { OPERATIONS } from "../../operations";
import { proceduresOf } from "./generate";
import { createCallerFactory, router } from "./init";
import { liveRouter } from "./live";

export const appRouter = router({
  identity: router(proceduresOf(OPERATIONS.identity)),
  live: liveRouter,
  tables: router(proceduresOf(OPERATIONS.tables)),
  councils: router(proceduresOf(OPERATIONS.councils)),
  plans: router(proceduresOf(OPERATIONS.plans)),
  invitations: router(proceduresOf(OPERATIONS.invitations)),
  moderation: router(proceduresOf(OPERATIONS.moderation)),
  notifications: router(proceduresOf(OPERATIONS.notifications)),
  oauth: router(proceduresOf(OPERATIONS.oauth)),
});

export type AppRouter = typeof appRouter;
export const createCaller = createCallerFactory(appRouter);
export { createContextInner } from "./init";
