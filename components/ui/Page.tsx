// A page's frame: its heading, the line or two saying what the page is for, then the page itself.
import type { ReactNode } from "react";

export function Page({
  title,
  intro,
  width,
  children,
}: {
  title: ReactNode;
  /** Said under the heading, in the intro's muted look. */
  intro?: ReactNode;
  /** The page's width where it is narrower than the layout's, e.g. "mx-auto max-w-sm". */
  width?: string;
  children?: ReactNode;
}) {
  return (
    <div className={width ? `${width} space-y-4` : "space-y-4"}>
      <h1 className="text-2xl font-semibold">{title}</h1>
      {intro ? <p className="max-w-3xl text-sm text-stone-600">{intro}</p> : null}
      {children}
    </div>
  );
}
