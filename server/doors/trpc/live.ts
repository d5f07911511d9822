// The live feed as a tRPC subscription (over SSE): tracked ids, so a reconnect resumes from lastEventId.
import { tracked } from "@trpc/server";
import { z } from "zod";
import { follow } from "../../live";
import { procedure, router } from "./init";

export const liveRouter = router({
  events: procedure
    .input(
      z
        .object({ topics: z.array(z.string().max(64)).max(20).optional(), lastEventId: z.string().nullish() })
        .optional(),
    )
    .subscription(async function* ({ ctx, input, signal }) {
      for await (const e of follow({
        who: ctx.who,
        topics: input?.topics ?? null,
        lastEventId: input?.lastEventId,
        signal,
      })) {
        yield tracked(e.id, { topic: e.topic, type: e.type, payload: e.payload, at: e.at });
      }
    }),
});
