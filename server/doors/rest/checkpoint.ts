// The JSON API of the checkpoint module (filled in by its issue).
import type { RestRoute } from "./route";

export const PLAN_ROUTES: RestRoute[] = [];
