// The decision block exactly as `npx parley council vote` prints it, the vote table in lens language, the ruling.
import type { CouncilView } from "@/server/actions/council";
import { ScrollX } from "@/components/ui/ScrollX";
import { TableHead } from "@/components/ui/TableHead";

export function VoteTable({ votes }: { votes: NonNullable<CouncilView["result"]>["votes"] }) {
  return (
    <ScrollX label="The votes">
      <table className="w-full text-left text-sm" data-testid="vote-table">
        <TableHead
          className="text-xs uppercase text-stone-500"
          cell="border-b border-stone-200 px-2 py-1 font-medium"
          columns={[
            { label: "soul", className: "border-b border-stone-200 py-1 pr-2 font-medium" },
            "vote",
            { label: "confidence", right: true },
            "rationale",
          ]}
        />
        <tbody>
          {votes.map((v) => (
            <tr key={v.name} className="border-b border-stone-100 align-top">
              <td className="py-1 pr-2">{v.lens}</td>
              <td className="px-2 py-1 font-mono text-xs">{v.vote}</td>
              <td className="px-2 py-1 text-right tabular-nums">{v.confidence}</td>
              <td className="px-2 py-1">
                {v.rationale}
                {v.dissentNote ? (
                  <span className="block text-xs text-amber-800">dissent: {v.dissentNote}</span>
                ) : null}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollX>
  );
}

export function Decision({ view }: { view: CouncilView }) {
  const r = view.result;
  if (!r) return null;
  const tone = r.kind === "decided" ? "ring-emerald-400" : "ring-amber-400";
  const head = r.kind === "decided" ? "text-emerald-800" : "text-amber-800";
  return (
    <section className={`card space-y-4 ring-2 ${tone}`} data-testid="decision" data-kind={r.kind}>
      <h2 className={`text-lg font-semibold ${head}`}>
        {r.kind === "decided"
          ? `Decided: ${r.winner}`
          : r.kind === "reprompt"
            ? "Re-prompt: the vote is not valid"
            : "Escalated: the human decides"}
      </h2>
      <pre
        className="overflow-x-auto rounded-md bg-ink p-4 text-sm leading-relaxed text-stone-50"
        data-testid="decision-block"
        // It may scroll sideways on a phone: reachable by keyboard (axe's scrollable-region-focusable).
        tabIndex={0}
        aria-label="The decision block"
      >
        {r.lines.join("\n")}
      </pre>
      {r.votes.length ? (
        <>
          <p className="text-sm text-stone-700">
            {r.votes.map((v, i) => (
              <span key={v.name}>
                {i === 0 ? `${v.lens[0]!.toUpperCase()}${v.lens.slice(1)}` : v.lens} voted {v.vote} (
                {v.confidence}){i < r.votes.length - 1 ? "; " : "."}
              </span>
            ))}
          </p>
          <VoteTable votes={r.votes} />
        </>
      ) : null}
      {view.ruling ? (
        <div className="rounded-md border border-stone-300 bg-white p-3 text-sm" data-testid="ruling">
          <strong>The human&apos;s ruling:</strong> {view.ruling.choice} — {view.ruling.reason}{" "}
          <span className="text-stone-500">
            ({view.ruling.by}; recorded beside the result, not instead of it)
          </span>
        </div>
      ) : null}
    </section>
  );
}
