// What a mailed link carries in its query: the row it is about, by number, and the token that proves the mail.
export type LinkProps<K extends string> = { searchParams: Promise<Partial<Record<K | "token", string>>> };

/** The link's row (0 when missing or not a number: the server then refuses it in its own words) and its token. */
export async function fromLink<K extends string>({ searchParams }: LinkProps<K>, key: K) {
  const query = await searchParams;
  return { id: Number(query[key]) || 0, token: query.token ?? "" };
}
