// The docs stay true, part two: every MCP tool and every operation is in docs/api.md as declared, every path a curl
// example or the prose names is a route that exists, every relative link resolves (the numbers and the environment
// variables: docs.test.ts).
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { REST_ROUTES } from "./doors/rest/routes";
import { OAUTH_PATHS } from "./oauth";
import { ALL_OPERATIONS, type AnyOperation } from "./operations";
import { FAILURE_CODES } from "./rules/result";
import { fences, flat, named, PAGES, prose, read, ROOT, section, spans } from "./testing/markdown";

// ---- Operations, MCP tools and failures ------------------------------------------------------------------------

const WHO = (op: AnyOperation) =>
  op.callers.includes("guest") ? "anyone" : op.callers.includes("agent") ? "signed in" : "people";

describe("docs/api.md and the declarations", () => {
  const api = read("docs/api.md");
  const table = named(section(api, "Every operation"))
    .filter((r) => r.names.length === 1 && r.names[0]!.includes("."))
    .map((r) => ({
      name: r.names[0]!,
      rest: spans(r.cells[1] ?? "")[0],
      status: r.cells[2],
      who: r.cells[3],
      mcp: spans(r.cells[4] ?? "")[0] ?? null,
    }));

  it("lists every operation once, as declared (route, status, callers, MCP tool)", () => {
    const want = ALL_OPERATIONS.map((op) => ({
      name: op.name,
      rest: op.rest ? `${op.rest.method} ${op.rest.path}` : undefined,
      status: String(op.rest?.status ?? 200),
      who: WHO(op),
      mcp: op.mcp?.tool ?? null,
    }));
    expect(table).toEqual(want);
  });

  it("names every MCP tool, and no tool that is not declared", () => {
    const tools = ALL_OPERATIONS.flatMap((op) => (op.mcp ? [op.mcp.tool] : []));
    const mentioned = new Set(spans(prose(api)));
    expect(tools.filter((t) => !mentioned.has(t))).toEqual([]);
    const mcp = section(api, "MCP");
    const listed = (who: string) => {
      const line =
        flat(mcp)
          .split(" - ")
          .find((l) => l.startsWith(`**${who}**`)) ?? "";
      return spans(line).filter((s) => /^[a-z_]+$/.test(s));
    };
    const forGuest = ALL_OPERATIONS.filter((o) => o.mcp && o.callers.includes("guest")).map(
      (o) => o.mcp!.tool,
    );
    const forAgent = ALL_OPERATIONS.filter(
      (o) => o.mcp && o.callers.includes("agent") && !o.callers.includes("guest"),
    );
    const peopleOnly = ALL_OPERATIONS.filter((o) => o.mcp && !o.callers.includes("agent"));
    expect(listed("a guest").sort()).toEqual([...forGuest].sort());
    expect(listed("an agent").sort()).toEqual(forAgent.map((o) => o.mcp!.tool).sort());
    expect(listed("a person").sort()).toEqual(peopleOnly.map((o) => o.mcp!.tool).sort());
  });

  it("the README names every MCP tool", () => {
    const readme = new Set(spans(prose(read("README.md"))));
    const tools = ALL_OPERATIONS.flatMap((op) => (op.mcp ? [op.mcp.tool] : []));
    expect(tools.filter((t) => !readme.has(t))).toEqual([]);
  });

  it("lists every failure code with its status, and the README does too", () => {
    const codes = Object.fromEntries(
      named(section(api, "Failures"))
        .filter((r) => r.names.length === 1)
        .map((r) => [r.names[0]!, Number(r.cells[1])]),
    );
    expect(codes).toEqual(FAILURE_CODES);
    const readme = flat(read("README.md"));
    for (const [code, status] of Object.entries(FAILURE_CODES))
      expect(readme).toContain(`\`${code}\` ${status}`);
  });
});

// ---- Paths ---------------------------------------------------------------------------------------------------

type AppRoute = { pattern: RegExp; methods: string[]; file: string };

/** The route handlers under app/, other than the JSON API's catch-all (its paths are REST_ROUTES). */
function appRoutes(): AppRoute[] {
  const out: AppRoute[] = [];
  const walk = (rel: string) => {
    for (const e of fs.readdirSync(path.join(ROOT, rel), { withFileTypes: true })) {
      const p = `${rel}/${e.name}`;
      if (e.isDirectory()) walk(p);
      else if (e.name === "route.ts" && rel !== "app/api/[...path]") {
        const url = rel
          .slice("app".length)
          .split("/")
          .map((seg) =>
            seg.startsWith("[...") ? ".+" : seg.startsWith("[") ? "[^/]+" : seg.replace(/[.]/g, "\\."),
          )
          .join("/");
        const text = read(p);
        const methods = [
          ...new Set([...text.matchAll(/\b(GET|POST|PUT|PATCH|DELETE)\b/g)].map((m) => m[1]!)),
        ];
        out.push({ pattern: new RegExp(`^${url}$`), methods, file: p });
      }
    }
  };
  walk("app");
  return out;
}

const ROUTES = appRoutes();

/** Whether `method path` is a declared JSON API route (`:param` matching a digits id or the same `:param`). */
function restRoute(method: string, urlPath: string): boolean {
  const parts = urlPath.replace(/\/+$/, "").split("/");
  return REST_ROUTES.some((r) => {
    const pattern = r.path.split("/");
    return (
      (r.method === method || (method === "HEAD" && r.method === "GET")) &&
      pattern.length === parts.length &&
      pattern.every((p, i) =>
        p.startsWith(":") ? parts[i] === p || /^[1-9]\d{0,9}$/.test(parts[i]!) : p === parts[i],
      )
    );
  });
}

const exists = (method: string, urlPath: string) =>
  restRoute(method, urlPath) ||
  OAUTH_PATHS.has(urlPath) ||
  ROUTES.some((r) => r.pattern.test(urlPath) && r.methods.includes(method));

/** A shell block's commands: lines joined where a quote or a trailing backslash carries on, comments dropped. */
function commands(block: string): string[] {
  const out: string[] = [];
  let cur = "";
  let quote: string | null = null;
  for (let i = 0; i < block.length; i++) {
    const c = block[i]!;
    if (quote) {
      if (c === quote) quote = null;
      cur += c;
    } else if (c === "'" || c === '"') {
      quote = c;
      cur += c;
    } else if (c === "\\" && block[i + 1] === "\n") {
      cur += " ";
      i++;
    } else if (c === "#" && /(^|\s)$/.test(cur)) {
      while (i + 1 < block.length && block[i + 1] !== "\n") i++;
    } else if (c === "\n") {
      out.push(cur);
      cur = "";
    } else cur += c;
  }
  out.push(cur);
  return out.map((s) => s.trim()).filter(Boolean);
}

/** Every curl in a page's code blocks: its method and the path of its URL. */
function curls(md: string): { method: string; path: string; line: string }[] {
  const out: { method: string; path: string; line: string }[] = [];
  for (const block of fences(md))
    for (const line of commands(block))
      for (const call of line.split(/(?=\bcurl\s)/).filter((c) => c.startsWith("curl"))) {
        const url = /https?:\/\/localhost:3000(\/[^\s'"]*)/.exec(call);
        if (!url) continue;
        const method =
          /\s-X\s+([A-Z]+)/.exec(call)?.[1] ?? (/\s(-d|--data\S*)\s/.test(call) ? "POST" : "GET");
        out.push({ method, path: url[1]!.split("?")[0]!, line: call.trim() });
      }
  return out;
}

describe("paths", () => {
  it("the checks can tell a route from a typo", () => {
    expect(exists("GET", "/api/tables/3")).toBe(true);
    expect(exists("POST", "/api/tables/3/offer")).toBe(true);
    expect(exists("GET", "/api/tables/3/offer")).toBe(false);
    expect(exists("POST", "/api/table/3/offer")).toBe(false);
    expect(exists("GET", "/api/events")).toBe(true);
    expect(curls("```sh\ncurl -X POST http://localhost:3000/api/x\n```")).toEqual([
      { method: "POST", path: "/api/x", line: "curl -X POST http://localhost:3000/api/x" },
    ]);
    // A JSON body over several lines, a continuation, a comment: still one call, with its URL.
    const multi =
      "```sh\ncurl -d '{\n  \"a\": 1\n}' \\\n  'http://localhost:3000/api/y?q=1' # it's a comment\n```";
    expect(curls(multi).map((c) => [c.method, c.path])).toEqual([["POST", "/api/y"]]);
  });

  for (const doc of PAGES)
    it(`${doc}: every curl example calls a route that exists`, () => {
      const missing = curls(read(doc)).filter((c) => !exists(c.method, c.path));
      expect(missing.map((c) => `${c.method} ${c.path}  ← ${c.line}`)).toEqual([]);
    });

  for (const doc of PAGES)
    it(`${doc}: every "METHOD /api/…" the prose names exists, with the declared parameter names`, () => {
      const named = [...prose(read(doc)).matchAll(/\b(GET|POST|DELETE) (\/(?:api|mcp)[^\s`)?,;]*)/g)].map(
        (m) => ({
          method: m[1]!,
          path: m[2]!.replace(/[.:]$/, ""),
        }),
      );
      const missing = named.filter((n) => !exists(n.method, n.path));
      expect(missing.map((n) => `${n.method} ${n.path}`)).toEqual([]);
    });
});

// ---- The repository stands alone -------------------------------------------------------------------------------

describe("links", () => {
  for (const doc of PAGES)
    it(`${doc}: every relative link resolves inside the repository`, () => {
      const md = prose(read(doc));
      const broken = [...md.matchAll(/\]\(([^)\s]+)\)/g)]
        .map((m) => m[1]!)
        .filter((href) => !/^[a-z]+:/.test(href) && !href.startsWith("#"))
        .filter((href) => !fs.existsSync(path.resolve(ROOT, path.dirname(doc), href.split("#")[0]!)));
      expect(broken).toEqual([]);
    });

  for (const doc of PAGES)
    it(`${doc} sends no reader outside the repository for the rules`, () => {
      expect(read(doc)).not.toMatch(/\.\.\/shared|\/work\/shared/);
    });
});
