// Renders the minutes' Markdown (the subset the server writes: headings, paragraphs, lists, tables, quotes, code
// fences, **bold** and `code`) so the page and the download are one text, never two that could drift apart.
import type { ReactNode } from "react";

function inline(text: string, key: string): ReactNode[] {
  const out: ReactNode[] = [];
  const re = /(\*\*[^*]+\*\*|`[^`]+`)/g;
  let last = 0;
  let i = 0;
  for (const m of text.matchAll(re)) {
    if (m.index > last) out.push(text.slice(last, m.index));
    const t = m[0];
    out.push(
      t.startsWith("**") ? (
        <strong key={`${key}-${i++}`}>{t.slice(2, -2)}</strong>
      ) : (
        <code key={`${key}-${i++}`} className="rounded bg-stone-100 px-1 text-[0.85em]">
          {t.slice(1, -1)}
        </code>
      ),
    );
    last = m.index + t.length;
  }
  if (last < text.length) out.push(text.slice(last));
  return out;
}

const cells = (row: string) =>
  row
    .replace(/^\|\s?/, "")
    .replace(/\s?\|$/, "")
    .split(/(?<!\\)\|/)
    .map((c) => c.trim().replace(/\\\|/g, "|"));

export function MarkdownView({ text }: { text: string }) {
  const lines = text.split("\n");
  const blocks: ReactNode[] = [];
  let i = 0;
  let k = 0;
  while (i < lines.length) {
    const line = lines[i]!;
    const key = `b${k++}`;
    if (line.startsWith("```")) {
      const body: string[] = [];
      i++;
      while (i < lines.length && !lines[i]!.startsWith("```")) body.push(lines[i++]!);
      i++;
      blocks.push(
        <pre
          key={key}
          className="overflow-x-auto rounded-md bg-ink p-4 text-sm leading-relaxed text-stone-50"
          data-testid="minutes-decision"
        >
          {body.join("\n")}
        </pre>,
      );
      continue;
    }
    const h = /^(#{1,3}) (.*)$/.exec(line);
    if (h) {
      const cls =
        h[1]!.length === 1
          ? "text-2xl font-semibold"
          : h[1]!.length === 2
            ? "mt-6 border-b border-stone-200 pb-1 text-lg font-semibold"
            : "mt-4 font-semibold";
      const Tag = (["h1", "h2", "h3"] as const)[h[1]!.length - 1]!;
      blocks.push(
        <Tag key={key} className={cls}>
          {inline(h[2]!, key)}
        </Tag>,
      );
      i++;
      continue;
    }
    if (line.startsWith("|")) {
      const rows: string[] = [];
      while (i < lines.length && lines[i]!.startsWith("|")) rows.push(lines[i++]!);
      const [head, , ...body] = rows;
      blocks.push(
        <div key={key} className="overflow-x-auto">
          <table className="w-full text-left text-sm">
            <thead className="text-xs uppercase text-stone-500">
              <tr>
                {cells(head ?? "").map((c, j) => (
                  <th key={j} className="border-b border-stone-200 px-2 py-1 font-medium">
                    {c}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {body.map((r, j) => (
                <tr key={j} className="border-b border-stone-100 align-top">
                  {cells(r).map((c, n) => (
                    <td key={n} className="px-2 py-1">
                      {inline(c, `${key}-${j}-${n}`)}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>,
      );
      continue;
    }
    if (line.startsWith("> ")) {
      const quote: string[] = [];
      while (i < lines.length && lines[i]!.startsWith(">")) quote.push(lines[i++]!.replace(/^> ?/, ""));
      blocks.push(
        <blockquote
          key={key}
          className="whitespace-pre-wrap border-l-4 border-stone-200 pl-3 text-sm text-stone-600"
        >
          {quote.join("\n")}
        </blockquote>,
      );
      continue;
    }
    if (/^(- |\d+\. )/.test(line)) {
      const ordered = /^\d+\. /.test(line);
      const items: string[] = [];
      while (i < lines.length && /^(- |\d+\. )/.test(lines[i]!))
        items.push(lines[i++]!.replace(/^(- |\d+\. )/, ""));
      const List = ordered ? "ol" : "ul";
      blocks.push(
        <List key={key} className={`${ordered ? "list-decimal" : "list-disc"} space-y-1 pl-6 text-sm`}>
          {items.map((it, j) => (
            <li key={j}>{inline(it, `${key}-${j}`)}</li>
          ))}
        </List>,
      );
      continue;
    }
    if (line.trim() === "") {
      i++;
      continue;
    }
    blocks.push(
      <p key={key} className="text-sm leading-relaxed">
        {inline(line, key)}
      </p>,
    );
    i++;
  }
  return <div className="space-y-3">{blocks}</div>;
}
