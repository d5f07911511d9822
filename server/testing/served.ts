// The doors' tests on a real node:http server: one listening on a free loopback port, and who asks read from a
// bearer token as server/auth.ts reads it.
import { createServer, type RequestListener } from "node:http";
import type { AddressInfo } from "node:net";
import { whoForToken } from "../actions/agents";
import type { Db } from "../db";
import type { HeadersLike } from "../http/asked";
import type { Asker } from "../http/door";
import { ANON } from "../identity";

/** Who asks by the bearer token: a guest without one, a bad token when it is unknown or revoked. */
export async function whoByBearer(req: { headers: HeadersLike }, db: Db): Promise<Asker> {
  const header = req.headers.get("authorization");
  if (!header?.toLowerCase().startsWith("bearer ")) return { who: ANON, badToken: false };
  const who = await whoForToken(db, header.slice(7).trim());
  return who ? { who, badToken: false } : { who: ANON, badToken: true };
}

export type Listening = { base: string; close(): Promise<void> };

/** A server answering with `listener` on a free port of 127.0.0.1, addressed as `http://<host>:<port>`. */
export async function listening(listener: RequestListener, host = "localhost"): Promise<Listening> {
  const server = createServer(listener);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    base: `http://${host}:${(server.address() as AddressInfo).port}`,
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
