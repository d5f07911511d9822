// Every module of the app, as plain descriptors (server/modules/module.ts): nothing registers itself on import.
import type { Module } from "./modules/module";
import { CHECKPOINT_MODULE } from "./modules/checkpoint";
import { COUNCIL_MODULE } from "./modules/council";
import { GAME_MODULE } from "./modules/game";
import { NOTIFICATIONS_MODULE } from "./modules/notifications";

export const MODULES: readonly Module[] = [
  GAME_MODULE,
  COUNCIL_MODULE,
  CHECKPOINT_MODULE,
  NOTIFICATIONS_MODULE,
];

/** Every ledger invariant `parley db check` asks, the modules' and the foundation's. */
export const invariantsOf = (modules: readonly Module[] = MODULES) => modules.flatMap((m) => m.invariants);

export type { Module } from "./modules/module";
