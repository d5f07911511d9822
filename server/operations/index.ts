// Every operation of the app, by module: the one table every door is generated from.
import { CHECKPOINT_OPERATIONS } from "./checkpoint";
import { COUNCIL_OPERATIONS } from "./council";
import { GAME_OPERATIONS } from "./game";
import { IDENTITY_OPERATIONS } from "./identity";
import { INVITATION_OPERATIONS } from "./invitations";
import { MODERATION_OPERATIONS } from "./moderation";
import { NOTIFICATION_OPERATIONS } from "./notifications";
import { OAUTH_OPERATIONS } from "./oauth";
import type { AnyOperation } from "./operation";

export const OPERATIONS = {
  identity: IDENTITY_OPERATIONS,
  tables: GAME_OPERATIONS,
  councils: COUNCIL_OPERATIONS,
  plans: CHECKPOINT_OPERATIONS,
  invitations: INVITATION_OPERATIONS,
  moderation: MODERATION_OPERATIONS,
  notifications: NOTIFICATION_OPERATIONS,
  oauth: OAUTH_OPERATIONS,
} as const;

export const ALL_OPERATIONS: AnyOperation[] = Object.values(OPERATIONS).flatMap((m) => Object.values(m));

export { callerOf, type AnyOperation, type Caller, type Operation, type OperationContext } from "./operation";
