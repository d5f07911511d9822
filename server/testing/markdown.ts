// Markdown read plainly, for the tests that hold the docs to the code (server/docs*.test.ts): the pages, their prose
// without code blocks, their tables' rows and their sections.
import fs from "node:fs";
import path from "node:path";

export const ROOT = path.resolve(import.meta.dirname, "../..");
export const read = (rel: string) => fs.readFileSync(path.join(ROOT, rel), "utf8");
export const DOCS = fs
  .readdirSync(path.join(ROOT, "docs"))
  .filter((f) => f.endsWith(".md"))
  .map((f) => `docs/${f}`);
export const PAGES = ["README.md", ...DOCS];

// ---- Markdown, read plainly ------------------------------------------------------------------------------------

/** The text outside fenced code blocks. */
export const prose = (md: string) => md.replace(/^```[^\n]*\n[\s\S]*?^```$/gm, "");
/** The fenced code blocks' contents. */
export const fences = (md: string) => [...md.matchAll(/^```[^\n]*\n([\s\S]*?)^```$/gm)].map((m) => m[1]!);
/** Prose with every run of white space made one space, so a phrase may wrap across lines. */
export const flat = (md: string) => prose(md).replace(/\s+/g, " ");
export const spans = (text: string) => [...text.matchAll(/`([^`]+)`/g)].map((m) => m[1]!);

/** A table row's cells, split on the pipes outside code spans. */
export function cells(line: string): string[] {
  const out: string[] = [];
  let cell = "";
  let code = false;
  for (const c of line.trim().replace(/^\|/, "").replace(/\|$/, "")) {
    if (c === "`") code = !code;
    if (c === "|" && !code) {
      out.push(cell.trim());
      cell = "";
    } else cell += c;
  }
  out.push(cell.trim());
  return out;
}

/** Every table row of the page (header rows included, separator rows left out), under the heading it sits in. */
export function rows(md: string): { cells: string[]; section: string }[] {
  let section = "";
  const out: { cells: string[]; section: string }[] = [];
  for (const line of prose(md).split("\n")) {
    if (/^#{1,6} /.test(line)) section = line.replace(/^#+ /, "");
    if (!line.trim().startsWith("|") || /^\|[\s|:-]+\|$/.test(line.trim())) continue;
    out.push({ cells: cells(line), section });
  }
  return out;
}

/** The rows whose first cell names things in code spans (constants, variables, codes, operations). */
export const named = (md: string) =>
  rows(md).flatMap((r) => {
    const names = spans(r.cells[0] ?? "");
    return names.length && r.cells[0]!.replace(/`[^`]+`|,|\s/g, "") === "" ? [{ ...r, names }] : [];
  });

/** The text of one `## section` (up to the next heading of the same level). */
export function section(md: string, heading: string): string {
  const start = md.indexOf(`\n## ${heading}\n`);
  if (start < 0) throw new Error(`no section "## ${heading}"`);
  const next = md.indexOf("\n## ", start + 4);
  return md.slice(start, next < 0 ? undefined : next);
}
