// Every path of the JSON API: generated from the operation declarations.
import { ALL_OPERATIONS } from "../../operations";
import { restRoutes } from "./generate";
import type { RestRoute } from "./route";

export const REST_ROUTES: RestRoute[] = restRoutes(ALL_OPERATIONS);
