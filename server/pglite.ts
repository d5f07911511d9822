// Named statements on the embedded database. PGlite's `query` parses and plans its statement at every call (an
// unnamed statement), and planning is most of a raw statement's cost there, the table's read (server/actions/game/
// load.ts, one statement of seven subqueries) first (docs/decisions/0004-prepared-statements.md). PostgreSQL's
// connections keep theirs (server/db.ts,
// `statementName`); this does the same on PGlite, through its own protocol serializer and result parser, under the
// same two locks its `query` takes, so a statement never runs inside another caller's transaction.
import type { PGlite, QueryOptions } from "@electric-sql/pglite";

/** PGlite's module, already loaded by whoever opened `lite` (server/db.ts imports it only for the embedded database). */
const pgliteModule = () => import("@electric-sql/pglite");

/** A statement prepared on one PGlite: its name there, and its parameters' types as PostgreSQL described them. */
type Prepared = { name: string; types: number[] };

/**
 * What each PGlite has prepared, on globalThis: the built app holds two copies of this module (Next's bundle for the
 * pages, the fast lane's for the doors) over one PGlite, and a second copy's own map would prepare a name the first
 * had already taken there.
 */
const preparedOf = ((
  globalThis as { parleyLitePrepared?: WeakMap<PGlite, Map<string, Prepared>> }
).parleyLitePrepared ??= new WeakMap());

/**
 * `lite.query(text, values, options)`'s rows, with `text` prepared under a name the first time (at most `max`
 * texts a database; past that, `lite.query` itself). Values are serialized as `query` does, by their described type.
 */
export async function preparedRows<T>(
  lite: PGlite,
  text: string,
  values: unknown[],
  options: QueryOptions,
  max: number,
): Promise<T[]> {
  const known = preparedOf.get(lite);
  if (!known?.has(text) && (known?.size ?? 0) >= max)
    return (await lite.query<T>(text, values, options)).rows;
  const { parse, protocol } = await pgliteModule();
  const { serialize } = protocol;
  await lite.waitReady;
  return lite._runExclusiveTransaction(() =>
    lite._runExclusiveQuery(async () => {
      // Read here, under the locks: a PGlite started again meanwhile (server/pglite-restart.ts) has none of them.
      let mine = preparedOf.get(lite);
      if (!mine) preparedOf.set(lite, (mine = new Map()));
      let statement = mine.get(text);
      if (!statement) {
        const name = `parley_lite_${mine.size}`;
        const { messages } = await lite.execProtocol(
          Buffer.concat([
            serialize.parse({ name, text }),
            serialize.describe({ type: "S", name }),
            serialize.sync(),
          ]),
        );
        statement = { name, types: parse.parseDescribeStatementResults(messages) };
        mine.set(text, statement);
      }
      const { types } = statement;
      const sent = values.map((v, i) => {
        if (v === null || v === undefined) return null;
        const write = options.serializers?.[types[i]!] ?? lite.serializers[types[i]!];
        return write ? write(v) : String(v);
      });
      const { messages } = await lite.execProtocol(
        Buffer.concat([
          serialize.bind({ statement: statement.name, values: sent }),
          serialize.describe({ type: "P" }),
          serialize.execute({}),
          serialize.sync(),
        ]),
      );
      return (parse.parseResults(messages, lite.parsers, options)[0]?.rows ?? []) as T[];
    }),
  );
}

/** Forgets the names prepared on `lite`: it stands for a new instance now, which has none. */
export function forgetPrepared(lite: PGlite): void {
  preparedOf.delete(lite);
}
