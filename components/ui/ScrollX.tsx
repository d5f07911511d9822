// A wide table on a narrow screen scrolls sideways inside its own box, never the page; the box takes the keyboard
// focus (and a name) so it can be scrolled without a mouse.
import type { ReactNode } from "react";

export function ScrollX({
  label,
  className = "",
  children,
}: {
  label: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div className={`overflow-x-auto ${className}`} tabIndex={0} role="region" aria-label={label}>
      {children}
    </div>
  );
}
