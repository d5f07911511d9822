// Which paths the fast lane serves, and with which door: the JSON API, tRPC, MCP, the live feed and the OpenAPI
// document. Everything else is Next's: the pages, their assets, and next-auth's own /api/auth/… routes.
import { apiDoor, eventsDoor, mcpDoor, openApiDoor, trpcDoor } from "../doors/http";
import type { Door } from "./lane";

export function doorOf(pathname: string): Door | null {
  if (pathname === "/mcp") return mcpDoor;
  if (!pathname.startsWith("/api/") || pathname.startsWith("/api/auth/")) return null;
  if (pathname === "/api/events") return eventsDoor;
  if (pathname === "/api/openapi.json") return openApiDoor;
  if (pathname === "/api/trpc" || pathname.startsWith("/api/trpc/")) return trpcDoor;
  return apiDoor;
}
