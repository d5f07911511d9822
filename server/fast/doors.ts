// Which paths the fast lane serves, and with which door: the JSON API, tRPC, MCP, the live feed and the OpenAPI
// document; and the OAuth authorization server's paths (server/oauth). Everything else is Next's: the pages, their
// assets, and next-auth's own /api/auth/… routes.
import type { IncomingMessage, RequestListener, ServerResponse } from "node:http";
import { trpcBodyCap } from "../doors/caps";
import { apiDoor, eventsPlain, mcpPlain, openApiDoor, trpcDoor } from "../doors/http";
import type { Asked } from "../http/asked";
import { OAUTH_PATHS, serveOAuth } from "../oauth";
import { pathOf, serveDoor, servePlain, type Door, type PlainDoor } from "./lane";

export type Served =
  | { door: Door; streams: boolean; bodyCap?: (asked: Asked) => number }
  | { plain: PlainDoor }
  /** A handler on node's own request and response: the OAuth paths, served by the MCP SDK's express router. */
  | { node: (req: IncomingMessage, res: ServerResponse) => void };

/**
 * The door of a path: a plain one (the JSON API, MCP and the live feed, served from node:http's own objects), or a
 * web one and whether it may stream its answer (a tRPC subscription).
 */
export function doorOf(pathname: string): Served | null {
  if (pathname === "/mcp" || pathname.startsWith("/mcp/")) return { plain: mcpPlain };
  if (OAUTH_PATHS.has(pathname)) return { node: serveOAuth };
  if (!pathname.startsWith("/api/") || pathname.startsWith("/api/auth/")) return null;
  if (pathname === "/api/events") return { plain: eventsPlain };
  if (pathname === "/api/openapi.json") return { door: openApiDoor, streams: false };
  // A tRPC subscription streams (server-sent events), so tRPC is told when its client leaves.
  if (pathname === "/api/trpc" || pathname.startsWith("/api/trpc/"))
    return { door: trpcDoor, streams: true, bodyCap: trpcBodyCap };
  return { plain: apiDoor };
}

/**
 * The app's routing (server/main.ts): a path with a door is served by it, a web door's body read no further than
 * its cap; every other request goes to `elsewhere` (Next's pages in the app).
 */
export function route(elsewhere: RequestListener): RequestListener {
  return (req, res) => {
    const door = doorOf(pathOf(req.url));
    if (door && "plain" in door) servePlain(door.plain, req, res);
    else if (door && "node" in door) door.node(req, res);
    else if (door && "door" in door) void serveDoor(door.door, req, res, door.streams, door.bodyCap);
    else elsewhere(req, res);
  };
}
