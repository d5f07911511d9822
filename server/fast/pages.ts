// Page renders are charged to the same read budget as the API (shared/spec/access.md, "The floor, per identity"): each
// request the listener hands to Next spends one read of who asks — a person's session cookie, an agent's token, else
// the guest's address, keyed by identityKey as the doors key them — unless it renders nothing of ours: a file of
// public/, Next's own files (/_next/…, its development tools) and next-auth's routes (/api/auth/…, limited on their
// own). Past the budget the page is answered here, 429 with Retry-After and a few plain sentences; Next never renders
// it. A charge that cannot be made (the database away) lets the page through: Next answers it as it does then.
import fs from "node:fs";
import type { IncomingMessage, ServerResponse } from "node:http";
import path from "node:path";
import { whoFromRequest } from "../auth";
import { dbIfOpen, getDb } from "../db";
import { identityKey } from "../identity";
import { clientAddress, writePeer } from "../http/address";
import { askedOfNode, pathOf } from "../http/asked";
import { PRIVATE_HEADERS, RATE_LIMITED } from "../http/floor";
import { rateLimit, type Spent } from "../http/limits";

/** Paths that render nothing of ours, by their start. */
const FREE = ["/_next/", "/__nextjs", "/api/auth/"];

let publicFiles: Set<string> | null = null;

/** The files of public/ as paths (/icon.svg), read once: Next serves them as they are. */
function isPublicFile(pathname: string): boolean {
  publicFiles ??= new Set(filesOf(path.join(process.cwd(), "public"), ""));
  return publicFiles.has(pathname);
}

function filesOf(dir: string, under: string): string[] {
  let entries: fs.Dirent[];
  try {
    entries = fs.readdirSync(dir, { withFileTypes: true });
  } catch {
    return []; // no public/ here
  }
  return entries.flatMap((e) =>
    e.isDirectory() ? filesOf(path.join(dir, e.name), `${under}/${e.name}`) : [`${under}/${e.name}`],
  );
}

/** Whether a request Next answers is a render charged to who asks. */
function chargedPage(pathname: string): boolean {
  // A browser asks for /favicon.ico on its own, whatever the page names as its icon.
  if (pathname === "/favicon.ico" || FREE.some((p) => pathname.startsWith(p))) return false;
  return !isPublicFile(pathname);
}

/** One render's charge against who asks: null when the budget had room. */
async function pageCharge(req: IncomingMessage): Promise<Spent | null> {
  const asked = askedOfNode(req);
  const db = dbIfOpen() ?? (await getDb());
  // A token that is unknown or revoked reads the page as a guest would, and pays as that guest.
  const { who } = await whoFromRequest(asked);
  return rateLimit(db, identityKey(who, clientAddress(asked)), "read");
}

/** Hands a request to Next (`handle`), once its render is charged; past the budget, answers it here. */
export function servePage(
  handle: (req: IncomingMessage, res: ServerResponse) => Promise<unknown>,
  req: IncomingMessage,
  res: ServerResponse,
): void {
  writePeer(req);
  if (!chargedPage(pathOf(req.url))) return void handle(req, res);
  pageCharge(req).then(
    (spent) => (spent ? refuse(req, res, spent) : void handle(req, res)),
    (e: unknown) => {
      console.error("a page's charge failed:", e);
      void handle(req, res);
    },
  );
}

/** The page a browser shows past the budget: one heading, the sentence every door says, a way back. */
function refuse(req: IncomingMessage, res: ServerResponse, spent: Spent): void {
  const sentence = RATE_LIMITED(spent.retryAfter).message;
  const body =
    `<!doctype html><html lang="en"><head><meta charset="utf-8">` +
    `<meta name="viewport" content="width=device-width, initial-scale=1"><title>Slow down · Parley</title>` +
    `<style>body{font:16px/1.5 system-ui,sans-serif;max-width:36rem;margin:4rem auto;padding:0 1rem}</style>` +
    `</head><body><h1>Slow down a little</h1><p>${sentence} This server answers each person (or each guest address) ` +
    `a set number of pages and reads a minute.</p><p><a href="">Try again</a> · <a href="/">Parley</a></p></body></html>`;
  res.writeHead(429, {
    ...PRIVATE_HEADERS,
    "content-type": "text/html; charset=utf-8",
    "retry-after": String(spent.retryAfter),
    "content-length": String(Buffer.byteLength(body)),
    "x-content-type-options": "nosniff",
    "x-frame-options": "DENY",
    "content-security-policy": "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'",
  });
  res.end(req.method === "HEAD" ? undefined : body);
}
