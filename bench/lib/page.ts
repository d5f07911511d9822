// The table page as a signed-in seated person gets it: server render time (request sent → last byte of HTML)
// and the JavaScript it ships (every <script src> the HTML references, fetched and gzipped here with node:zlib),
// with the `nomodule` polyfills told apart: a browser with ES modules never fetches them.
import { gzipSync } from "node:zlib";
import type { BenchTable } from "./seed";
import { latency, type Latency } from "./stats";

export type PageResult = {
  path: string;
  htmlKb: number;
  render: Latency;
  scripts: number;
  jsKb: number;
  jsGzipKb: number;
  /** Of those, the `nomodule` polyfills: fetched only by browsers without ES modules, so not in a modern load. */
  legacyGzipKb: number;
};

export async function tablePage(base: string, table: BenchTable, gets: number): Promise<PageResult> {
  const path = `/tables/${table.id}`;
  const headers = table.seats[0]!.app; // the host: a person, signed in by cookie
  const fetchHtml = async () => {
    const r = await fetch(base + path, { headers: { ...headers, accept: "text/html" } });
    const html = await r.text();
    if (r.status !== 200) throw new Error(`GET ${path} answered ${r.status}`);
    return html;
  };
  for (let i = 0; i < 5; i++) await fetchHtml(); // warm: the first render compiles and caches modules
  const times: number[] = [];
  let html = "";
  for (let i = 0; i < gets; i++) {
    const t0 = performance.now();
    html = await fetchHtml();
    times.push(performance.now() - t0);
  }
  const tags = [...html.matchAll(/<script([^>]*)\ssrc="([^"]+)"([^>]*)>/g)];
  const legacy = new Set(tags.filter((m) => /\snomodule\b/i.test(`${m[1]} ${m[3]}`)).map((m) => m[2]!));
  const srcs = [...new Set(tags.map((m) => m[2]!))];
  let raw = 0;
  let gz = 0;
  let legacyGz = 0;
  for (const src of srcs) {
    const r = await fetch(new URL(src.replaceAll("&amp;", "&"), base));
    const body = Buffer.from(await r.arrayBuffer());
    raw += body.length;
    const g = gzipSync(body).length;
    gz += g;
    if (legacy.has(src)) legacyGz += g;
  }
  return {
    path,
    htmlKb: Buffer.byteLength(html) / 1000,
    render: latency(times),
    scripts: srcs.length,
    jsKb: raw / 1000,
    jsGzipKb: gz / 1000,
    legacyGzipKb: legacyGz / 1000,
  };
}
