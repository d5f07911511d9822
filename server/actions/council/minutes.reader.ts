// A reader of Markdown's block structure for the tests, after CommonMark's rules (fences close only on a run of the
// same character at least as long; headings, quotes, list items, HTML and setext underlines start blocks), so a test
// sees the minutes as a Markdown renderer would, not as the writer of the minutes meant them.
export type MdBlock =
  | {
      kind: "heading" | "paragraph" | "item" | "quote" | "html" | "setext" | "rule" | "indented";
      text: string;
    }
  | { kind: "row"; text: string; cells: number }
  | { kind: "fence"; text: string; body: string };

const FENCE = /^ {0,3}(`{3,}|~{3,})(.*)$/;
const HEADING = /^ {0,3}#{1,6}(?:[ \t]|$)/;
const SETEXT = /^ {0,3}(?:=+|-+)[ \t]*$/;
const RULE = /^ {0,3}([-*_])(?:[ \t]*\1){2,}[ \t]*$/;
const ITEM = /^ {0,3}(?:[-+*]|\d{1,9}[.)])(?:[ \t]|$)/;
const QUOTE = /^ {0,3}>/;
const HTML = /^ {0,3}</;
const ROW = /^ {0,3}\|/;

/** A fence's opening line, or null (a backtick fence's info string may not hold a backtick). */
function opening(line: string): { char: string; length: number } | null {
  const m = FENCE.exec(line);
  if (!m) return null;
  if (m[1]![0] === "`" && m[2]!.includes("`")) return null;
  return { char: m[1]![0]!, length: m[1]!.length };
}

const closes = (line: string, open: { char: string; length: number }) => {
  const m = /^ {0,3}(`+|~+)[ \t]*$/.exec(line);
  return !!m && m[1]![0] === open.char && m[1]!.length >= open.length;
};

/** Pipes that split a table row: those not escaped by a backslash. */
const pipes = (row: string) => (row.replace(/\\./g, "").match(/\|/g) ?? []).length;

export function blocksOf(md: string): MdBlock[] {
  const lines = md.split("\n");
  const out: MdBlock[] = [];
  let para: MdBlock | null = null;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    const open = opening(line);
    if (open) {
      const body: string[] = [];
      for (i++; i < lines.length && !closes(lines[i]!, open); i++) body.push(lines[i]!);
      out.push({ kind: "fence", text: line, body: body.join("\n") });
      para = null;
      continue;
    }
    if (line.trim() === "") {
      para = null;
      continue;
    }
    if (para?.kind === "paragraph" && SETEXT.test(line)) {
      out.push({ kind: "setext", text: line });
      para = null;
      continue;
    }
    const kind: MdBlock["kind"] | null = RULE.test(line)
      ? "rule"
      : HEADING.test(line)
        ? "heading"
        : ITEM.test(line)
          ? "item"
          : QUOTE.test(line)
            ? "quote"
            : HTML.test(line)
              ? "html"
              : ROW.test(line)
                ? "row"
                : !para && /^( {4}|\t)/.test(line)
                  ? "indented"
                  : null;
    if (kind === "row") out.push({ kind, text: line, cells: pipes(line) });
    else if (kind) out.push({ kind, text: line });
    if (kind) {
      para = kind === "item" || kind === "quote" ? out.at(-1)! : null;
      continue;
    }
    if (para)
      para.text += `\n${line}`; // a lazy continuation: still the same block
    else {
      para = { kind: "paragraph", text: line };
      out.push(para);
    }
  }
  return out;
}

/** The structure alone: what each block is, a heading's own words, a row's number of cells. */
export const skeleton = (md: string): string[] =>
  blocksOf(md).map((b) =>
    b.kind === "heading" ? b.text : b.kind === "row" ? `row of ${b.cells - 1} cells` : b.kind,
  );

/** Inline text with backslash escapes read as plain letters and code spans taken out, read left to right as CommonMark does. */
function outsideCode(text: string): string {
  let out = "";
  for (let i = 0; i < text.length;) {
    if (text[i] === "\\" && /[!-/:-@[-`{-~]/.test(text[i + 1] ?? "")) {
      out += "x"; // an escaped character is a letter of text, whatever it was
      i += 2;
      continue;
    }
    const run = /^`+/.exec(text.slice(i))?.[0];
    if (run) {
      const close = new RegExp(`(?<!\`)${run}(?!\`)`, "g");
      close.lastIndex = i + run.length;
      const m = close.exec(text);
      i = m ? m.index + run.length : i + run.length;
      if (!m) out += run;
      continue;
    }
    out += text[i++];
  }
  return out;
}

/** What `pattern` finds in the Markdown's prose: outside fenced blocks and code spans, after escapes and bold. */
export function unescapedOutsideCode(md: string, pattern: RegExp): string[] {
  const prose = blocksOf(md)
    .filter((b) => b.kind !== "fence")
    .map((b) => (b.kind === "item" ? b.text.replace(ITEM, "") : b.text)) // a list's marker is structure
    .map((t) => outsideCode(t).replace(/\*\*(?=\S)([^*\n]*?\S)\*\*/g, "$1"))
    .join("\n");
  return [...prose.matchAll(pattern)].map((m) => m[0]);
}
