// The doors, each on the one floor (server/http/door.ts): plain ones (Asked → Answer: the JSON API, MCP, the live
// feed) and a fetch handler (Request → Response: tRPC), served by the fast lane (server/fast/lane.ts) in front of
// Next, and re-exported by the matching app/ route files (a plain one through webDoor) so `next dev` or `next start`
// alone serve the same doors the same way.
import { stillSignedIn, mayHaveRevoked } from "../actions/agents";
import { eventAudience } from "../actions/live";
import { whoFromRequest } from "../auth";
import { wallClock } from "../clock";
import { mcpAnswer } from "./mcp/server";
import { ANYONE, type Caller } from "../operations/operation";
import { openApiDocument } from "./rest/openapi";
import { dispatch } from "./rest/dispatch";
import { handleTrpc } from "./trpc/http";
import { door, jsonRpcCalls, plainDoor, trpcCalls, webDoor, type AdmittedAsk } from "../http/door";
import { queryOf, type Answer } from "../http/asked";
import { getTailer, TOPICS_MAX } from "../live";
import { sseFeed, SSE_HEADERS } from "../live/sse";
import { failureAnswer } from "../http/floor";
import { chargeReplay, openStream } from "../http/streams";
import { mcpReadCap, restBodyCap, trpcBodyCap } from "./caps";

const resolveWho = whoFromRequest;

/**
 * /api/* – the JSON API: every path a route generated from the operation declarations, else a plain JSON 404. A
 * plain door (Asked → Answer), which the fast lane serves from node:http's own objects; `apiRoute` for Next alone.
 */
export const apiDoor = plainDoor((a) => dispatch(a, wallClock), { resolveWho, bodyCap: restBodyCap });
export const apiRoute = webDoor(apiDoor);

/** /api/trpc – the tRPC door the pages use; a batch is charged once per call and capped at BATCH_MAX calls. */
export const trpcDoor = door((a) => handleTrpc(a.req, a.db, a.who, wallClock, a.rateKey, a.address), {
  resolveWho,
  calls: trpcCalls,
  bodyCap: trpcBodyCap,
});

/**
 * /mcp – the MCP door (Streamable HTTP, stateless); a JSON-RPC array is charged once per call. A plain door, which
 * the fast lane serves from node:http's own objects; `mcpDoor` for Next alone.
 */
export const mcpPlain = plainDoor((a) => mcpAnswer(a, wallClock), {
  resolveWho,
  calls: jsonRpcCalls,
  bodyCap: mcpReadCap,
});
export const mcpDoor = webDoor(mcpPlain);

async function events({ asked, who, db, rateKey }: AdmittedAsk): Promise<Answer> {
  // Started before the stream opens, so a database that is away is the floor's 503, not a stream that dies.
  const tailer = await getTailer();
  // One read of the caller's budget and one of its open streams' places, refused (429) before the stream begins.
  const held = await openStream(db, who, rateKey);
  if (!held.ok) return failureAnswer(held);
  const query = new URLSearchParams(queryOf(asked.target));
  const topics = query.get("topics")?.split(",").filter(Boolean).slice(0, TOPICS_MAX) ?? null;
  const feed = sseFeed({
    who,
    topics: topics?.length ? topics : null,
    // Passed on as sent: the feed reads one that is not a plain integer in range as a fresh connection.
    lastEventId: asked.headers.get("last-event-id") ?? query.get("lastEventId"),
    tailer,
    access: { check: () => stillSignedIn(db, who), recheckOn: (e) => mayHaveRevoked(e, who) },
    subjects: eventAudience(db, who),
    chargeReplay: (n) => chargeReplay(db, rateKey, n),
  });
  return {
    status: 200,
    headers: { ...SSE_HEADERS }, // a copy: the floor adds its private headers to an answer's own
    body: "",
    // The place is given back when the stream ends, whichever side ends it.
    stream: (write, signal) => feed(write, signal).finally(held.release),
  };
}

/**
 * GET /api/events – the live feed as Server-Sent Events; resumes after Last-Event-ID; filtered for the viewer. A
 * plain door whose answer streams: the fast lane writes it to node's response; `eventsDoor` for Next alone.
 */
export const eventsPlain = plainDoor(events, { resolveWho });
export const eventsDoor = webDoor(eventsPlain);

const CALLERS: readonly Caller[] = ANYONE;
/** Each document as text, made once per process: the declarations do not change while it runs. */
const documents = new Map<string, string>();

/**
 * GET /api/openapi.json – the OpenAPI 3.1 document of the JSON API, generated from its route table; with
 * `?caller=guest|person|agent`, only what that caller may call (so an agent's generated client offers no people-only
 * call). Anything else in the query is the whole document.
 */
export function openApiDoor(req: Request): Response {
  const asked = new URL(req.url).searchParams.get("caller");
  const caller = CALLERS.find((c) => c === asked);
  let doc = documents.get(caller ?? "all");
  if (!doc) documents.set(caller ?? "all", (doc = JSON.stringify(openApiDocument({ caller }))));
  return new Response(doc, {
    headers: { "content-type": "application/json", "Cache-Control": "public, max-age=60" },
  });
}
