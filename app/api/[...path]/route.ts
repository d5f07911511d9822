// /api/* – the JSON API: every path is a route generated from the operation declarations; anything else is a plain
// JSON 404. The floor (host, origin, identity, body cap) is the one every door stands on.
import { whoFromRequest } from "@/server/auth";
import { wallClock } from "@/server/clock";
import { dispatch } from "@/server/doors/rest/dispatch";
import { door } from "@/server/http/door";

export const dynamic = "force-dynamic";
export const runtime = "nodejs";

const handler = door((a) => dispatch(a, wallClock), { resolveWho: (r) => whoFromRequest(r) });
export { handler as GET, handler as POST, handler as DELETE, handler as PUT, handler as PATCH };
