// A page a mailed link lands on: its query carries the row the link is about, by number, and the token that proves
// the mail; the page is drawn from the two.
import type { ReactNode } from "react";

type Link = { id: number; token: string };

/**
 * The page for a link whose row is named `key` in its query: the row is 0 when missing or not a number (the server
 * then refuses it in its own words), the token "" when missing.
 */
export function onLink<K extends string>(key: K, page: (link: Link) => ReactNode) {
  return async function LinkPage({
    searchParams,
  }: {
    searchParams: Promise<Partial<Record<K | "token", string>>>;
  }) {
    const query = await searchParams;
    return page({ id: Number(query[key]) || 0, token: query.token ?? "" });
  };
}
