// GET /plans/layout-worker.js – the canvas's layout worker: dagre's browser build and the pure layout function.
// Served from here because the bundler copies a `new Worker(new URL(...))` target as a file without bundling it.
import fs from "node:fs";
import path from "node:path";
import { DIMENSIONS, layoutWith } from "@/components/checkpoint/layout";

let script: string | null = null;

/** dagre defines the global `dagre`; `layoutWith` is self-contained, so its source text runs as it is. */
export function workerScript(): string {
  script ??= [
    fs.readFileSync(path.join(process.cwd(), "node_modules/@dagrejs/dagre/dist/dagre.min.js"), "utf8"),
    `const DIMENSIONS = ${JSON.stringify(DIMENSIONS)};`,
    `const layoutWith = ${layoutWith.toString()};`,
    "self.onmessage = (e) => self.postMessage({ key: e.data.key, layout: layoutWith(dagre, e.data.input, DIMENSIONS) });",
  ].join("\n");
  return script;
}

export function GET() {
  return new Response(workerScript(), {
    headers: { "content-type": "text/javascript; charset=utf-8", "cache-control": "public, max-age=300" },
  });
}
