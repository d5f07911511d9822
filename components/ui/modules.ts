// The three modules and the rules, as the header and the phone's menu both list them.
export const MODULES = [
  { href: "/tables", label: "Tables" },
  { href: "/councils", label: "Round Tables" },
  { href: "/plans", label: "Checkpoints" },
  { href: "/rules", label: "Rules" },
] as const;
