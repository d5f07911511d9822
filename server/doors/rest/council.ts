// The JSON API of the council module (filled in by its issue).
import type { RestRoute } from "./route";

export const COUNCIL_ROUTES: RestRoute[] = [];
