// Renders the minutes' document (server/actions/council/markdown.ts): the very blocks the Markdown download is
// written from, so page and download are one record. Every writer's text reaches React as a string — never as
// Markdown or HTML to interpret — so it shows as text whatever it holds.
import { ScrollX } from "@/components/ui/ScrollX";
import type { ReactNode } from "react";
import type { MinutesDoc } from "@/server/actions/council";

type Block = MinutesDoc[number];
type Span = Extract<Block, { kind: "paragraph" }>["spans"][number];

function spans(list: Span[]): ReactNode[] {
  return list.map((s, i) =>
    s.kind === "strong" ? (
      <strong key={i}>{s.text}</strong>
    ) : s.kind === "code" ? (
      <code key={i} className="rounded bg-stone-100 px-1 text-[0.85em]">
        {s.text}
      </code>
    ) : (
      s.text
    ),
  );
}

const HEADING = {
  1: ["h1", "text-2xl font-semibold"],
  2: ["h2", "mt-6 border-b border-stone-200 pb-1 text-lg font-semibold"],
  3: ["h3", "mt-4 font-semibold"],
} as const;

function block(b: Block, key: number): ReactNode {
  switch (b.kind) {
    case "heading": {
      const [Tag, cls] = HEADING[b.level];
      return (
        <Tag key={key} className={cls}>
          {spans(b.spans)}
        </Tag>
      );
    }
    case "paragraph":
      return (
        <p key={key} className="text-sm leading-relaxed">
          {spans(b.spans)}
        </p>
      );
    case "list": {
      const List = b.ordered ? "ol" : "ul";
      return (
        <List key={key} className={`${b.ordered ? "list-decimal" : "list-disc"} space-y-1 pl-6 text-sm`}>
          {b.items.map((it, j) => (
            <li key={j}>{spans(it)}</li>
          ))}
        </List>
      );
    }
    case "table":
      return (
        <ScrollX key={key} label="A table of the minutes">
          <table className="w-full text-left text-sm">
            <thead className="text-xs uppercase text-stone-500">
              <tr>
                {b.head.map((c, j) => (
                  <th key={j} className="border-b border-stone-200 px-2 py-1 font-medium">
                    {c}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {b.rows.map((r, j) => (
                <tr key={j} className="border-b border-stone-100 align-top">
                  {r.map((c, n) => (
                    <td key={n} className="px-2 py-1">
                      {spans(c)}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollX>
      );
    case "verbatim":
      return b.role === "decision" ? (
        <pre
          key={key}
          className="overflow-x-auto rounded-md bg-ink p-4 text-sm leading-relaxed text-stone-50"
          data-testid="minutes-decision"
          // It may scroll sideways on a phone: reachable by keyboard (axe's scrollable-region-focusable).
          tabIndex={0}
          aria-label="The decision block"
        >
          {b.lines.join("\n")}
        </pre>
      ) : (
        <pre
          key={key}
          className="whitespace-pre-wrap border-l-4 border-stone-200 pl-3 font-sans text-sm text-stone-600"
        >
          {b.lines.join("\n")}
        </pre>
      );
  }
}

export function MinutesView({ doc }: { doc: MinutesDoc }) {
  return <div className="space-y-3">{doc.map(block)}</div>;
}
