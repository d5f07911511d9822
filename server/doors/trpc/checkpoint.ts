// tRPC procedures of the checkpoint module (filled in by its issue).
import { router } from "./init";

export const checkpointRouter = router({});
