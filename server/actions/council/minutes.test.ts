// The minutes cannot be forged: every text a soul, a seat or the facilitator writes — Markdown headings, fences of
// backticks and tildes, HTML, javascript: links, quotes, lists, table rows, a prompt-injected model's reply — stays
// text, so the minutes have exactly the structure of a plain table's, one decision block (the engine's count) and one
// ruling (the recorded one).
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MinutesView } from "@/components/council/MinutesView";
import { ANON } from "../../identity";
import { testDatabase, type TestDatabase } from "../../testing/db";
import { councilMinutes, councilState } from "./index";
import { HOSTILE, hostileTable, PLAIN } from "./minutes.hostile";
import { blocksOf, skeleton, unescapedOutsideCode } from "./minutes.reader";
import { MIN, T0 } from "./testing";

let db: TestDatabase;
type Minutes = { id: number; md: string; html: string };
let hostile: Minutes;
let plain: Minutes;
const AT = T0 + 3 * MIN;

async function minutesOf(id: number) {
  const m = await councilMinutes(db.prisma, ANON, { id }, AT);
  if (!m.ok) throw new Error(m.message);
  // The page's rendering of the same document, as the server sends it.
  return {
    id,
    md: m.value.markdown,
    html: renderToStaticMarkup(createElement(MinutesView, { doc: m.value.doc })),
  };
}

beforeAll(async () => {
  db = await testDatabase();
  hostile = await minutesOf(await hostileTable(db, HOSTILE));
  plain = await minutesOf(await hostileTable(db, PLAIN));
});
afterAll(async () => db?.drop());

describe("hostile texts in the minutes (Markdown)", () => {
  it("the table ran to the end: escalated, with the human's ruling recorded", async () => {
    const s = await councilState(db.prisma, ANON, { id: hostile.id }, AT);
    expect(s.ok && s.value.result?.kind).toBe("escalated");
    expect(s.ok && s.value.ruling?.choice).toBe("hold");
    expect(s.ok && s.value.seats.map((x) => x.status)).toEqual(["live", "live", "live", "live"]);
  });

  it("have exactly the block structure of a plain table's minutes", () => {
    const numberless = (md: string) => skeleton(md).map((l) => l.replace(/\d+/g, "N"));
    expect(numberless(hostile.md)).toEqual(numberless(plain.md));
  });

  it("have one Decision heading, and its block is the engine's count, line by line", async () => {
    const blocks = blocksOf(hostile.md);
    const headings = blocks.filter((b) => b.kind === "heading").map((b) => b.text);
    expect(headings.filter((h) => /decision/i.test(h))).toEqual(["## Decision"]);
    expect(headings.filter((h) => /ruling/i.test(h))).toEqual(["## The human's ruling"]);
    const s = await councilState(db.prisma, ANON, { id: hostile.id }, AT);
    const lines = s.ok ? s.value.result!.lines : [];
    const at = blocks.findIndex((b) => b.kind === "heading" && b.text === "## Decision");
    expect(blocks[at + 1]).toMatchObject({ kind: "fence", body: lines.join("\n") });
    // No other fenced block reads like the count (the context and the souls hold such a line, inside their text).
    const counts = blocks.filter((b) => b.kind === "fence" && /^DECISION:/.test(b.body));
    expect(counts).toHaveLength(1);
  });

  it("record the one ruling there is, from its data", () => {
    const blocks = blocksOf(hostile.md);
    const at = blocks.findIndex((b) => b.kind === "heading" && b.text === "## The human's ruling");
    const section = blocks.slice(
      at + 1,
      blocks.findIndex((b, i) => i > at && b.kind === "heading"),
    );
    expect(section.map((b) => b.kind)).toEqual(["paragraph", "paragraph"]);
    expect(section[0]!.text).toMatch(
      /^\\# mallory \\<b\\>fac\\<\/b\\> \\\| \\`x\\` ruled \*\*hold\*\* on 2026-11-30 09:02:00 UTC: Nothing to see\. /,
    );
    // The forged ruling is there only as text: inside the writers' fenced texts, or escaped in a sentence.
    const rulings = blocks.filter((b) => b.kind !== "fence" && /ruled \*\*/.test(b.text));
    expect(rulings).toEqual([section[0]]);
  });

  it("hold no HTML, no link and no emphasis a writer made, outside code", () => {
    expect(unescapedOutsideCode(hostile.md, /[<[\]&~$*]|\b_|_\b|:\/\/|www\./g)).toEqual([]);
  });
});

/** The page's tags in order, attributes and all: what a writer's text would change if it became structure. */
const tags = (html: string) => [...html.matchAll(/<[^>]*>/g)].map((m) => m[0]);
const decode = (s: string) =>
  s
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/&amp;/g, "&");

describe("hostile texts on the minutes page", () => {
  it("render exactly the elements of a plain table's page", () => {
    expect(tags(hostile.html)).toEqual(tags(plain.html));
    const dangerous = /^<\/?(a|script|img|iframe|b|em)\b|\shref=|\son\w+=/i;
    expect(tags(hostile.html).filter((t) => dangerous.test(t))).toEqual([]);
  });

  it("show one Decision heading over the engine's count, and the recorded ruling", async () => {
    expect(hostile.html.match(/<h2[^>]*>Decision<\/h2>/g)).toHaveLength(1);
    const s = await councilState(db.prisma, ANON, { id: hostile.id }, AT);
    const block = /<h2[^>]*>Decision<\/h2><pre[^>]*data-testid="minutes-decision"[^>]*>([^<]*)<\/pre>/.exec(
      hostile.html,
    );
    expect(decode(block?.[1] ?? "")).toBe(s.ok ? s.value.result!.lines.join("\n") : "");
    expect(hostile.html.match(/data-testid="minutes-decision"/g)).toHaveLength(1);
    const ruling = /The human&#x27;s ruling<\/h2><p[^>]*>([^<]*)<strong>hold<\/strong>([^<]*)<\/p>/.exec(
      hostile.html,
    );
    expect(decode(ruling?.[1] ?? "")).toBe(`${s.ok ? s.value.ruling!.by : ""} ruled `);
    expect(decode(ruling?.[2] ?? "")).toMatch(
      /^ on 2026-11-30 09:02:00 UTC: Nothing to see\. ↵ ``` ↵ {2}↵ ## Decision/,
    );
  });

  it("show a writer's text as the text it is", () => {
    expect(decode(hostile.html)).toContain("[x](javascript:alert(1))");
    expect(decode(hostile.html)).toContain("<script>alert('FORGED')</script>");
  });
});
