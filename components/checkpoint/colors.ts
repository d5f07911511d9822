// How the canvas and panels colour the checkpoint's words: outcome statuses, risk severities, decisions.

/** Tailwind classes per outcome status; `none` is a node with no outcome at the revision shown. */
export const STATUS_STYLE: Record<string, { node: string; pill: string; label: string }> = {
  success: {
    node: "bg-emerald-50 border-emerald-500",
    pill: "bg-emerald-100 text-emerald-800",
    label: "success",
  },
  partial: { node: "bg-amber-50 border-amber-500", pill: "bg-amber-100 text-amber-900", label: "partial" },
  failed: { node: "bg-red-50 border-red-500", pill: "bg-red-100 text-red-800", label: "failed" },
  missing: {
    node: "bg-stone-100 border-stone-400 border-dashed",
    pill: "bg-stone-200 text-stone-700",
    label: "missing",
  },
  untrusted: {
    node: "bg-fuchsia-50 border-fuchsia-500",
    pill: "bg-fuchsia-100 text-fuchsia-800",
    label: "untrusted",
  },
  none: { node: "bg-white border-stone-300", pill: "bg-stone-100 text-stone-700", label: "no outcome" },
};

export const statusStyle = (status: string | null) => STATUS_STYLE[status ?? "none"] ?? STATUS_STYLE.none!;

export const SEVERITY_STYLE: Record<string, string> = {
  low: "bg-sky-100 text-sky-800",
  medium: "bg-yellow-100 text-yellow-900",
  high: "bg-red-600 text-white",
  unknown: "bg-purple-600 text-white",
};

export const DECISION_STYLE: Record<string, string> = {
  hold: "bg-amber-100 text-amber-900",
  revise: "bg-sky-100 text-sky-800",
  escalate: "bg-purple-100 text-purple-800",
  admit: "bg-emerald-100 text-emerald-800",
};

/** The two waves a checkpoint stands between. */
export const ROLE_STYLE = {
  justFinished: {
    ring: "ring-2 ring-blue-500",
    lane: "bg-blue-50/70 border-blue-300",
    tag: "bg-blue-600 text-white",
    label: "wave N · just finished",
    short: "just finished",
  },
  next: {
    ring: "ring-2 ring-violet-500 ring-offset-2",
    lane: "bg-violet-50/70 border-violet-300",
    tag: "bg-violet-600 text-white",
    label: "wave N+1 · proposed",
    short: "proposed next",
  },
} as const;
