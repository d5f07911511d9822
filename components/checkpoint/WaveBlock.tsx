"use client";
// A wave drawn as one block, where its cards' labels would be too small to read: its name, its nodes by status, its
// holds and gates, the risks it carries, and how many of its nodes a search or a filter picks out. A click opens it.
import type { Node, NodeProps } from "@xyflow/react";
import { memo } from "react";
import { ROLE_STYLE, SEVERITY_STYLE, statusStyle } from "./colors";
import { BLOCK, type WaveSummary } from "./semanticZoom";

export type BlockNodeData = { summary: WaveSummary; dimmed: boolean };

/** A badge at the block's own text size (the app's .badge is text-xs, too small this far out). */
const PILL = "inline-flex items-center rounded-full px-2 font-medium";

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? "" : "s"}`;

export const WaveBlock = memo(function WaveBlock({ data }: NodeProps<Node<BlockNodeData, "block">>) {
  const s = data.summary;
  const role = s.role ? ROLE_STYLE[s.role] : null;
  const findings = s.findings.reduce((n, [, k]) => n + k, 0);
  const narrowed = s.hits ?? s.holders;
  return (
    <div
      className={`flex cursor-pointer flex-col gap-1.5 overflow-hidden rounded-2xl border-4 bg-white p-4 leading-tight shadow ${
        role ? `${role.lane} ${role.ring}` : "border-stone-300"
      } ${data.dimmed ? "opacity-30" : ""}`}
      style={{ width: BLOCK.width, height: BLOCK.height, fontSize: BLOCK.textPx }}
      data-testid="wave-block"
      data-wave={s.wave}
      data-dimmed={data.dimmed}
      title={`Wave ${s.wave + 1}: open its ${plural(s.count, "node")}`}
    >
      <div className="flex items-center gap-3 whitespace-nowrap">
        <span className="font-semibold" style={{ fontSize: BLOCK.titlePx }}>
          Wave {s.wave + 1}
        </span>
        {role ? <span className={`${PILL} ml-auto ${role.tag}`}>{role.short}</span> : null}
      </div>
      {narrowed !== null ? (
        <div className="font-semibold text-stone-900" data-testid="block-hits">
          {s.hits !== null ? `${s.hits} of ${s.count} match` : `${s.holders} hold the next wave`}
        </div>
      ) : null}
      <div className="flex flex-wrap items-center gap-1.5">
        <span className="text-stone-700">{plural(s.count, "node")}:</span>
        {s.statuses.map(([status, n]) => (
          <span key={status} className={`${PILL} ${statusStyle(status).pill}`} data-testid="block-status">
            {n} {statusStyle(status).label}
          </span>
        ))}
      </div>
      {findings || s.held ? (
        <div className="truncate text-red-800" title={s.findings.map(([id, n]) => `${id} ×${n}`).join(", ")}>
          {findings ? plural(findings, "finding") : ""}
          {findings && s.held ? " · " : ""}
          {s.held ? `${s.held} held` : ""}
          {s.findings[0] ? `: ${s.findings[0][0]}` : ""}
        </div>
      ) : (
        <div className="text-stone-600">nothing holds it</div>
      )}
      {s.gates ? (
        <div className="flex flex-wrap gap-x-3 whitespace-nowrap" data-testid="block-gates">
          {s.gates.map((g) => (
            <span key={g.line} className={g.satisfied ? "text-emerald-800" : "text-red-800"}>
              {g.line}
            </span>
          ))}
        </div>
      ) : null}
      {s.risks.length ? (
        <div className="flex gap-1.5 overflow-hidden whitespace-nowrap">
          {s.risks.slice(0, 3).map((r) => (
            <span key={r.id} className={`${PILL} ${SEVERITY_STYLE[r.severity] ?? ""}`}>
              {r.id} {r.severity}
            </span>
          ))}
          {s.risks.length > 3 ? <span className="text-stone-600">+{s.risks.length - 3}</span> : null}
        </div>
      ) : null}
    </div>
  );
});
