// The app's doors as server/main.ts routes them (server/fast), on a real server; a page, which would go to Next, is
// answered 404. Who asks is read as server/auth.ts reads it (next-auth's module does not load outside Next): a test
// file mocks it with `vi.mock("../auth", () => import("../testing/app"))`, the bearer token first, else the session
// cookie opened with AUTH_SECRET.
import type { HeadersLike } from "../http/asked";
import type { Asker } from "../http/door";
import { whoForUserId } from "../actions/accounts";
import { getDb } from "../db";
import { carriesSession, sessionUserId } from "../http/session";
import { ANON } from "../identity";
import { listening, whoByBearer, type Listening } from "./served";

export async function whoFromRequest(req: { headers: HeadersLike }): Promise<Asker> {
  if (req.headers.get("authorization")?.toLowerCase().startsWith("bearer "))
    return whoByBearer(req, await getDb());
  if (!carriesSession(req.headers)) return { who: ANON, badToken: false };
  const uid = await sessionUserId(req, process.env.AUTH_SECRET ?? "");
  return { who: uid === null ? ANON : await whoForUserId(await getDb(), uid), badToken: false };
}

/** The app's routing on a free port of 127.0.0.1, addressed by that address. */
export async function servedAsTheApp(): Promise<Listening> {
  const { route } = await import("../fast");
  return listening(
    route((_, res) => res.writeHead(404).end()),
    "127.0.0.1",
  );
}
