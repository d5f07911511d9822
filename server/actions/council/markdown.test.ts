// The Markdown of the minutes' document, case by case: what a writer's text could open at the start of a line, in a
// code span, in a table cell or inside a fence, and what the escaping makes of it.
import { describe, expect, it } from "vitest";
import { code, oneLine, text, toMarkdown, type Block } from "./markdown";

const para = (...spans: string[]): Block => ({
  kind: "paragraph",
  spans: spans.map((s) => text(s)),
});

describe("the minutes' Markdown", () => {
  it("shows a writer's line breaks, every kind, as ↵ in a one-line place", () => {
    expect(oneLine("a\r\nb\rc\nd\u2028e\u2029f\u0085g\vh\fi")).toBe("a ↵ b ↵ c ↵ d ↵ e ↵ f ↵ g ↵ h ↵ i");
    expect(toMarkdown([para("x\n# y")])).toBe("x ↵ # y\n");
  });

  it("defuses what would open a block at the start of a line", () => {
    expect(toMarkdown([para("# h")])).toBe("\\# h\n");
    expect(toMarkdown([para("> q")])).toBe("\\> q\n");
    expect(toMarkdown([para("- i")])).toBe("\\- i\n");
    expect(toMarkdown([para("+ i")])).toBe("\\+ i\n");
    expect(toMarkdown([para("===")])).toBe("\\===\n");
    expect(toMarkdown([para("12. i")])).toBe("12\\. i\n");
    expect(toMarkdown([para("3) i")])).toBe("3\\) i\n");
    expect(toMarkdown([para("    code")])).toBe("&#32;&#32;&#32;&#32;code\n");
    expect(toMarkdown([para("\tcode")])).toBe("&#9;code\n");
    expect(toMarkdown([{ kind: "list", ordered: false, items: [[text("# in an item")]] }])).toBe(
      "- \\# in an item\n",
    );
  });

  it("escapes inline Markdown, HTML, entities and bare links everywhere", () => {
    expect(toMarkdown([para("a [x](javascript:alert(1)) <b>&amp; *e* _e_ ~s~ $m$ \\ | `c`")])).toBe(
      "a \\[x\\](javascript:alert(1)) \\<b\\>\\&amp; \\*e\\* \\_e\\_ \\~s\\~ \\$m\\$ \\\\ \\| \\`c\\`\n",
    );
    expect(toMarkdown([para("see https://x.example and www.x.example")])).toBe(
      "see https\\://x.example and www\\.x.example\n",
    );
    // An underscore inside a word opens nothing, so it stays as written.
    expect(toMarkdown([para("confidence_now")])).toBe("confidence_now\n");
  });

  it("fences a code span longer than any run of backticks in it, and escapes its pipes in a table", () => {
    const line = (c: string) => toMarkdown([{ kind: "paragraph", spans: [code(c)] }]);
    expect(line("a `b` c")).toBe("``a `b` c``\n");
    expect(line("`x``")).toBe("``` `x`` ```\n");
    expect(line(" x ")).toBe("`  x  `\n");
    expect(toMarkdown([{ kind: "table", head: ["h"], rows: [[[code("a|b")]]] }])).toBe(
      "| h |\n| --- |\n| `a\\|b` |\n",
    );
  });

  it("fences a verbatim block longer than any run of backticks in its lines", () => {
    const md = toMarkdown([{ kind: "verbatim", role: "text", lines: ["````", "```` ", "~~~"] }]);
    expect(md).toBe("`````\n````\n```` \n~~~\n`````\n");
    expect(toMarkdown([{ kind: "verbatim", role: "decision", lines: ["DECISION: a\nb"] }])).toBe(
      "```\nDECISION: a ↵ b\n```\n",
    );
  });

  it("gives the second of two lists in a row the other marker, so they stay two lists", () => {
    const list = (ordered: boolean): Block => ({ kind: "list", ordered, items: [[text("i")]] });
    expect(toMarkdown([list(false), list(false), list(false)])).toBe("- i\n\n* i\n\n- i\n");
    expect(toMarkdown([list(true), list(true)])).toBe("1. i\n\n1) i\n");
  });
});
