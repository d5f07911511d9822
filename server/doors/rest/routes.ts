// Every path of the JSON API: generated from the operation declarations (and, until they are declared, the
// hand-kept routes of Round Tables).
import { ALL_OPERATIONS } from "../../operations";
import { COUNCIL_ROUTES } from "./council";
import { restRoutes } from "./generate";
import type { RestRoute } from "./route";

export const REST_ROUTES: RestRoute[] = [...restRoutes(ALL_OPERATIONS), ...COUNCIL_ROUTES];
