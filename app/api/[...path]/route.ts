// /api/* – the JSON API: every path is a row of server/doors/rest/routes.ts; anything else is a plain JSON 404.
import { whoFromRequest } from "@/server/auth";
import { dispatch } from "@/server/doors/rest/dispatch";

export const dynamic = "force-dynamic";
export const runtime = "nodejs";

const handler = (req: Request) => dispatch(req, (r) => whoFromRequest(r));
export { handler as GET, handler as POST, handler as DELETE, handler as PUT, handler as PATCH };
