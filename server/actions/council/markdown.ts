// The minutes as a document of blocks and spans, and its Markdown. Structure comes only from the blocks the minutes
// build; whatever a person, an agent or a model wrote travels as a span's text or a verbatim block's lines, and the
// Markdown escapes or fences it so that no renderer can read a heading, a fence, a list, HTML or a link into it.
// The page renders the same document with React (text as text), so page and download are one record.

/** A run of inline text; `text` never holds a line break (see `span`). */
export type Span = { kind: "text" | "strong" | "code"; text: string };

export type Block =
  | { kind: "heading"; level: 1 | 2 | 3; spans: Span[] }
  | { kind: "paragraph"; spans: Span[] }
  | { kind: "list"; ordered: boolean; items: Span[][] }
  | { kind: "table"; head: string[]; rows: Span[][][] }
  /** Lines shown exactly as written: a writer's own text (the context, a soul) or the engine's decision block. */
  | { kind: "verbatim"; role: "text" | "decision"; lines: string[] };

export type MinutesDoc = Block[];

/** Line breaks, as JavaScript and Markdown renderers count them. */
const BREAKS = /\r\n|[\n\r\v\f\u0085\u2028\u2029]/g;

/** Where a one-line place (a sentence, a cell, a line of the decision block) holds a writer's line break. */
export const LINE_BREAK = " ↵ ";

/** One line: a writer's line breaks are shown, never obeyed, so no text can start a line of its own. */
export const oneLine = (s: string): string => s.replace(BREAKS, LINE_BREAK);

export const text = (s: string | number): Span => ({ kind: "text", text: oneLine(String(s)) });
export const strong = (s: string | number): Span => ({ kind: "strong", text: oneLine(String(s)) });
export const code = (s: string): Span => ({ kind: "code", text: oneLine(s) });

/** A writer's multi-line text, kept line by line. */
export const linesOf = (s: string): string[] => s.split(BREAKS);

// Inline Markdown: escapes, code spans, emphasis (* and _ at a word's edge), strikethrough, links and images,
// HTML and autolinks, entities, table cells, math; and the GFM autolinks of bare URLs (`://`, `www.`).
const INLINE = /[\\`*~[\]<>&|$]|(?<![\p{L}\p{N}])_|_(?![\p{L}\p{N}])|:(?=\/\/)|(?<=\bwww)\./giu;

/** Inline text escaped for Markdown; `lineStart` also defuses what opens a block at the start of a line. */
export function escapeText(s: string, lineStart = false): string {
  const inline = s.replace(INLINE, "\\$&");
  if (!lineStart) return inline;
  // Leading blanks as character references: four of them would open an indented code block.
  const lead = /^[ \t]*/.exec(inline)![0];
  const rest = inline
    .slice(lead.length)
    .replace(/^[#>+=-]/, "\\$&") // a heading, a quote, a list item, a setext underline
    .replace(/^(\d{1,9})([.)])/, "$1\\$2"); // an ordered list item
  return lead.replace(/ /g, "&#32;").replace(/\t/g, "&#9;") + rest;
}

/** A code span whose fence is longer than any run of backticks inside it. */
function codeSpan(s: string, inTable: boolean): string {
  if (s === "") return "";
  const longest = Math.max(0, ...[...s.matchAll(/`+/g)].map((m) => m[0].length));
  const fence = "`".repeat(longest + 1);
  // CommonMark strips one space from each end when both are there, so pad exactly when it would strip or a
  // backtick touches the fence.
  const pad = /^`|`$/.test(s) || (/^ /.test(s) && / $/.test(s) && s.trim() !== "") ? " " : "";
  // In a GFM table a pipe splits the cell even inside code; its escape is read there as a plain pipe.
  const body = inTable ? s.replace(/\|/g, "\\|") : s;
  return `${fence}${pad}${body}${pad}${fence}`;
}

/**
 * Spans as Markdown: at the start of a line (a paragraph, a list item's first words) a span may not open a block; in
 * a heading a `#` may not close it; in a cell a pipe may not split it.
 */
function inline(spans: Span[], where: "line" | "heading" | "cell"): string {
  return spans
    .map((sp, i) => {
      if (sp.kind === "code") return codeSpan(sp.text, where === "cell");
      const escaped = escapeText(sp.text, where === "line" && i === 0);
      const t = where === "heading" ? escaped.replace(/#/g, "\\#") : escaped;
      return sp.kind === "strong" && sp.text.trim() !== "" ? `**${t}**` : t;
    })
    .join("");
}

/** A fence of backticks longer than any run of them in the lines, so no line inside can close it. */
function fenced(lines: string[]): string[] {
  const longest = Math.max(0, ...lines.flatMap((l) => [...l.matchAll(/`+/g)].map((m) => m[0].length)));
  const fence = "`".repeat(Math.max(3, longest + 1));
  return [fence, ...lines, fence];
}

/** Which of the two markers list `n` takes: 0 unless the list before it, of its kind, took 0. */
function marker(doc: MinutesDoc, n: number): 0 | 1 {
  const b = doc[n];
  const prev = doc[n - 1];
  if (b?.kind !== "list" || prev?.kind !== "list" || prev.ordered !== b.ordered) return 0;
  return marker(doc, n - 1) === 0 ? 1 : 0;
}

export function toMarkdown(doc: MinutesDoc): string {
  const out: string[] = [];
  doc.forEach((b, n) => {
    switch (b.kind) {
      case "heading":
        out.push(`${"#".repeat(b.level)} ${inline(b.spans, "heading")}`);
        break;
      case "paragraph":
        out.push(inline(b.spans, "line"));
        break;
      case "list": {
        // Two lists in a row with one marker would be read as one list; the next one takes the other marker.
        const other = marker(doc, n) === 1;
        const mark = (i: number) => (b.ordered ? `${i + 1}${other ? ")" : "."}` : other ? "*" : "-");
        out.push(...b.items.map((it, i) => `${mark(i)} ${inline(it, "line")}`));
        break;
      }
      case "table":
        out.push(
          `| ${b.head.map((h) => escapeText(oneLine(h))).join(" | ")} |`,
          `| ${b.head.map(() => "---").join(" | ")} |`,
          ...b.rows.map((r) => `| ${r.map((c) => inline(c, "cell")).join(" | ")} |`),
        );
        break;
      case "verbatim":
        out.push(...fenced(b.role === "decision" ? b.lines.map(oneLine) : b.lines));
        break;
    }
    out.push("");
  });
  return out.join("\n");
}
