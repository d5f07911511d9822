// tRPC procedures of the council module (filled in by its issue).
import { router } from "./init";

export const councilRouter = router({});
