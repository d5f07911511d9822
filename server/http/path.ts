// Whether a path's %-escapes decode: one with a malformed escape (say /tables/%E0) names nothing, and is answered
// as not found both by Next's proxy (proxy.ts) and by the fast lane (server/fast/lane.ts).
export function decodes(pathname: string): boolean {
  if (!pathname.includes("%")) return true; // nothing to decode (most paths): no call, no try
  try {
    decodeURIComponent(pathname);
    return true;
  } catch {
    return false;
  }
}
