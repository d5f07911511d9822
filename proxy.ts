// A path with a malformed %-escape (say /tables/%E0) names nothing: answered as the app's own 404 here, before
// Next's router tries to decode it for a dynamic segment and fails with a bare 500.
import { NextResponse, type NextRequest } from "next/server";
import { decodes } from "./server/http/path";

export function proxy(req: NextRequest) {
  const { pathname } = new URL(req.url);
  if (decodes(pathname)) return NextResponse.next();
  if (pathname.startsWith("/api/") || pathname === "/mcp" || pathname.startsWith("/mcp/"))
    return NextResponse.json(
      { error: { code: "not_found", message: "There is nothing at that address." } },
      { status: 404, headers: { "Cache-Control": "private, no-store" } },
    );
  // A person's browser gets the friendly not-found page.
  return NextResponse.rewrite(new URL("/not-found-malformed-address", req.url), { status: 404 });
}

// Only where a dynamic segment would decode the path; static files and the rest never pass through here.
export const config = {
  matcher: ["/api/:path*", "/tables/:path*", "/councils/:path*", "/plans/:path*", "/agents/:path*"],
};
