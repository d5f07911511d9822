"use client";
// The canvas's node kinds, each in memo: a work node, a wave's lane, a gate before the next wave, a removed ghost.
import { Handle, Position, useStore, type Node, type NodeProps, type NodeTypes } from "@xyflow/react";
import { memo } from "react";
import type { NodeView } from "@/server/actions/checkpoint";
import { ROLE_STYLE, SEVERITY_STYLE, statusStyle } from "./colors";
import { NODE_H, NODE_W } from "./layout";
import { WaveBlock } from "./WaveBlock";

export type WorkNodeData = { node: NodeView; focused: boolean; dimmed: boolean };
export type LaneNodeData = {
  wave: number;
  role: "justFinished" | "next" | null;
  count: number;
  height: number;
  collapsed: boolean;
  onToggle: (wave: number) => void;
};
/** A collapsed wave's summary: how many nodes, by status, and how many findings the audit has on them. */
export type WaveNodeData = {
  wave: number;
  count: number;
  statuses: Record<string, number>;
  findings: number;
  onToggle: (wave: number) => void;
};
export type GateNodeData = {
  kind: "approval" | "assignment";
  satisfied: boolean;
  lines: string[];
  finding: string | null;
  focused: boolean;
};
export type GhostNodeData = { id: string; title: string | null; focused: boolean };

const hidden = { opacity: 0, pointerEvents: "none" as const };

/** Below this zoom a card's text is unreadable anyway: nodes draw as coloured blocks, far cheaper to paint. */
const FAR_ZOOM = 0.45;
/** A boolean selector: a node re-renders when the zoom crosses the threshold, not on every frame of a zoom. */
export const isFar = (s: { transform: [number, number, number] }) => s.transform[2] < FAR_ZOOM;

const WorkNode = memo(function WorkNode({ data }: NodeProps<Node<WorkNodeData, "work">>) {
  const { node, focused, dimmed } = data;
  const style = statusStyle(node.status);
  const role = node.role ? ROLE_STYLE[node.role] : null;
  const far = useStore(isFar);
  if (far)
    return (
      <div
        className={`rounded-md border-4 ${style.node} ${role?.ring ?? ""} ${focused ? "outline outline-8 outline-amber-400" : ""} ${dimmed ? "opacity-20" : ""}`}
        style={{ width: NODE_W, height: NODE_H }}
        data-testid="canvas-node"
        data-node-id={node.id}
        data-status={node.status ?? "none"}
        data-dimmed={dimmed}
      >
        {node.findings.length || node.risks.some((r) => r.unresolved) ? (
          <div className="h-full w-1/3 bg-red-600" />
        ) : null}
      </div>
    );
  return (
    <div
      className={`rounded-md border-2 px-2 py-1.5 text-xs shadow-sm ${style.node} ${role?.ring ?? ""} ${
        focused ? "outline outline-4 outline-offset-4 outline-amber-400" : ""
      } ${dimmed ? "opacity-25" : node.held ? "opacity-80" : ""}`}
      style={{ width: NODE_W, height: NODE_H }}
      data-testid="canvas-node"
      data-node-id={node.id}
      data-status={node.status ?? "none"}
      data-dimmed={dimmed}
      title={node.title ?? node.id}
    >
      <Handle type="target" position={Position.Left} style={hidden} isConnectable={false} />
      <div className="flex items-center gap-1">
        <span className="truncate font-mono font-semibold">{node.id}</span>
        {node.change ? (
          <span
            className={`badge px-1.5 py-0 ${node.change === "added" ? "bg-teal-700 text-white" : "bg-sky-700 text-white"}`}
          >
            {node.change}
          </span>
        ) : null}
        {node.held ? <span className="badge bg-stone-700 px-1.5 py-0 text-white">held</span> : null}
        {node.needsApproval ? (
          <span className="ml-auto text-[10px] font-medium text-violet-700" title="needs approval">
            ◆ approval
          </span>
        ) : null}
      </div>
      <div className="truncate text-stone-600">{node.title ?? " "}</div>
      <div className="mt-0.5 flex items-center gap-1 overflow-hidden whitespace-nowrap">
        <span className={`badge px-1.5 py-0 ${style.pill}`} data-testid="node-status">
          {style.label}
        </span>
        {node.evidenceHash ? (
          <span className="truncate font-mono text-[10px] text-stone-500">#{node.evidenceHash}</span>
        ) : null}
        {node.risks.map((r) => (
          <span
            key={r.id}
            className={`badge px-1.5 py-0 ${SEVERITY_STYLE[r.severity] ?? ""}`}
            title={`${r.id}: ${r.severity}${r.toReassess ? " — to reassess" : ""}`}
            data-testid="risk-badge"
          >
            {r.id} {r.severity}
            {r.toReassess ? " ↻" : ""}
          </span>
        ))}
      </div>
      {node.findings.length ? (
        <div className="mt-0.5 flex gap-1 overflow-hidden whitespace-nowrap">
          {node.findings.slice(0, 2).map((f, i) => (
            <span
              key={i}
              className="badge bg-red-600 px-1.5 py-0 text-white"
              title={f.message}
              data-testid="finding-badge"
            >
              {f.id}
            </span>
          ))}
          {node.findings.length > 2 ? (
            <span className="text-[10px] text-red-700">+{node.findings.length - 2}</span>
          ) : null}
        </div>
      ) : null}
      <Handle type="source" position={Position.Right} style={hidden} isConnectable={false} />
    </div>
  );
});

const LaneNode = memo(function LaneNode({ data }: NodeProps<Node<LaneNodeData, "lane">>) {
  const role = data.role ? ROLE_STYLE[data.role] : null;
  return (
    <div
      className={`rounded-lg border ${role ? role.lane : "border-stone-200 bg-stone-100/60"}`}
      style={{ width: NODE_W + 32, height: data.height }}
      data-testid="lane"
      data-role={data.role ?? ""}
    >
      <div className="flex items-center gap-1.5 px-2 py-2 text-xs font-semibold text-stone-700">
        <span className="whitespace-nowrap">Wave {data.wave + 1}</span>
        <span className="whitespace-nowrap font-normal text-stone-500">
          · {data.count} node{data.count === 1 ? "" : "s"}
        </span>
        {role ? <span className={`badge whitespace-nowrap px-1.5 ${role.tag}`}>{role.short}</span> : null}
        <CollapseButton wave={data.wave} collapsed={data.collapsed} onToggle={data.onToggle} />
      </div>
    </div>
  );
});

/** A lane's own button: collapses its wave to one summary card, or opens it again. */
function CollapseButton({
  wave,
  collapsed,
  onToggle,
}: {
  wave: number;
  collapsed: boolean;
  onToggle: (w: number) => void;
}) {
  return (
    <button
      type="button"
      className="nodrag nopan ml-auto rounded border border-stone-300 bg-white px-1.5 text-[11px] font-normal text-stone-700 hover:border-stone-500"
      onClick={(e) => {
        e.stopPropagation();
        onToggle(wave);
      }}
      aria-expanded={!collapsed}
      aria-label={`${collapsed ? "Expand" : "Collapse"} wave ${wave + 1}`}
      data-testid="lane-toggle"
    >
      {collapsed ? "expand" : "collapse"}
    </button>
  );
}

const WaveNode = memo(function WaveNode({ data }: NodeProps<Node<WaveNodeData, "wave">>) {
  return (
    <div
      className="rounded-md border-2 border-stone-400 bg-white px-2 py-1.5 text-xs shadow-sm"
      style={{ width: NODE_W, height: NODE_H }}
      data-testid="wave-summary"
      data-wave={data.wave}
    >
      <Handle type="target" position={Position.Left} style={hidden} isConnectable={false} />
      <div className="font-semibold">
        Wave {data.wave + 1} · {data.count} node{data.count === 1 ? "" : "s"}
      </div>
      <div className="mt-0.5 flex flex-wrap gap-1">
        {Object.entries(data.statuses).map(([status, n]) => (
          <span key={status} className={`badge px-1.5 py-0 ${statusStyle(status).pill}`}>
            {n} {statusStyle(status).label}
          </span>
        ))}
      </div>
      <div className={data.findings ? "mt-0.5 text-red-800" : "mt-0.5 text-stone-600"}>
        {data.findings ? `${data.findings} finding${data.findings === 1 ? "" : "s"}` : "no findings"}
      </div>
      <Handle type="source" position={Position.Right} style={hidden} isConnectable={false} />
    </div>
  );
});

const GateNode = memo(function GateNode({ data }: NodeProps<Node<GateNodeData, "gate">>) {
  return (
    <div
      className={`w-[100px] rounded-md border-2 px-2 py-1 text-[10px] leading-tight shadow ${
        data.satisfied ? "border-emerald-500 bg-emerald-50" : "border-red-500 bg-red-50"
      } ${data.focused ? "outline outline-4 outline-offset-4 outline-amber-400" : ""}`}
      data-testid={`gate-${data.kind}`}
      data-satisfied={data.satisfied}
      title={data.finding ?? undefined}
    >
      <div className="text-[11px] font-semibold">
        {data.kind === "approval" ? "Approval gate" : "Assignment gate"}
      </div>
      {data.lines.map((line, i) => (
        <div key={i} className="truncate">
          {line}
        </div>
      ))}
      <Handle type="source" position={Position.Right} style={hidden} isConnectable={false} />
    </div>
  );
});

const GhostNode = memo(function GhostNode({ data }: NodeProps<Node<GhostNodeData, "ghost">>) {
  return (
    <div
      className={`rounded-md border-2 border-dashed border-red-400 bg-white/70 px-2 py-1.5 text-xs text-stone-500 ${
        data.focused ? "outline outline-4 outline-offset-4 outline-amber-400" : ""
      }`}
      style={{ width: NODE_W, height: NODE_H }}
      data-testid="ghost-node"
    >
      <Handle type="target" position={Position.Left} style={hidden} isConnectable={false} />
      <div className="font-mono font-semibold line-through">{data.id}</div>
      <div className="truncate">{data.title ?? ""}</div>
      <span className="badge mt-1 bg-red-100 px-1.5 py-0 text-red-800">removed in this revision</span>
      <Handle type="source" position={Position.Right} style={hidden} isConnectable={false} />
    </div>
  );
});

/** At module scope: React Flow remounts every node when this object changes identity. */
export const nodeTypes: NodeTypes = {
  work: WorkNode,
  lane: LaneNode,
  gate: GateNode,
  ghost: GhostNode,
  wave: WaveNode,
  block: WaveBlock,
};
