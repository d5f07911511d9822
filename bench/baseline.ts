// The baseline: a bare node:http + pg (or PGlite) server doing the app's reads and writes with no framework,
// no ORM and no rules, so `npm run bench` can say what share of the database's floor the app reaches.
//
//   POST /api/tables/:id/{offer,pass}  who → BEGIN; table, seats, acts; the seat to act must be the asker;
//                                      INSERT the act (turn unique per table); INSERT its outbox event; COMMIT
//   GET  /api/tables/:id               who → table, seats, acts; only the asker's own charge is kept
//
// Who: a bearer token is hashed and looked up like the app's agents; a person is named by `x-parley-user`
// (one indexed read of "User", as the app does after it has decoded its session cookie).
import { createHash } from "node:crypto";
import http from "node:http";
import path from "node:path";
import pg from "pg";

type Row = Record<string, unknown>;
type Sql = {
  query(text: string, params?: unknown[]): Promise<Row[]>;
  transaction<T>(fn: (q: (text: string, params?: unknown[]) => Promise<Row[]>) => Promise<T>): Promise<T>;
};

/** Each text prepared once per connection under a name, as the app's statements are (server/db.ts statementName). */
const names = new Map<string, string>();
const named = (text: string, values?: unknown[]) => {
  let name = names.get(text);
  if (!name) names.set(text, (name = `baseline_${names.size}`));
  return { name, text, values };
};

async function openSql(): Promise<Sql> {
  const url = process.env.DATABASE_URL;
  if (url) {
    // The app's pool size (server/db.ts: PARLEY_DB_POOL, 10 unless set).
    const pool = new pg.Pool({ connectionString: url, max: Number(process.env.PARLEY_DB_POOL ?? 10) });
    return {
      query: async (text, params) => (await pool.query(named(text, params))).rows,
      async transaction(fn) {
        const client = await pool.connect();
        try {
          await client.query("BEGIN");
          const r = await fn(async (text, params) => (await client.query(named(text, params))).rows);
          await client.query("COMMIT");
          return r;
        } catch (e) {
          await client.query("ROLLBACK").catch(() => {});
          throw e;
        } finally {
          client.release();
        }
      },
    };
  }
  const { PGlite } = await import("@electric-sql/pglite");
  const dataDir = path.resolve(process.env.PARLEY_DATA_DIR ?? "./data", "pglite");
  const db = await PGlite.create({ dataDir });
  return {
    query: async (text, params) => (await db.query<Row>(text, params)).rows,
    transaction: (fn) =>
      db.transaction((tx) => fn(async (text, params) => (await tx.query<Row>(text, params)).rows)),
  };
}

type Who = { kind: "user"; id: number } | { kind: "agent"; id: number } | null;

async function whoOf(sql: Sql, req: http.IncomingMessage): Promise<Who> {
  const auth = req.headers.authorization;
  if (auth?.startsWith("Bearer ")) {
    const hash = createHash("sha256").update(auth.slice(7).trim()).digest("hex");
    const [agent] = await sql.query(`SELECT id FROM "Agent" WHERE "tokenHash" = $1 AND "revokedAt" IS NULL`, [
      hash,
    ]);
    return agent ? { kind: "agent", id: Number(agent.id) } : null;
  }
  const user = Number(req.headers["x-parley-user"]);
  if (!Number.isInteger(user)) return null;
  const [row] = await sql.query(`SELECT id, name, email FROM "User" WHERE id = $1`, [user]);
  return row ? { kind: "user", id: Number(row.id) } : null;
}

const TABLE = `SELECT t.*, h.name AS "hostName" FROM "GameTable" t JOIN "User" h ON h.id = t."hostId" WHERE t.id = $1`;
const SEATS = `SELECT s.*, u.name AS "userName", a.name AS "agentName", a."ownerId" FROM "Seat" s
  LEFT JOIN "User" u ON u.id = s."userId" LEFT JOIN "Agent" a ON a.id = s."agentId"
  WHERE s."tableId" = $1 ORDER BY s.position`;
const ACTS = `SELECT * FROM "Act" WHERE "tableId" = $1 ORDER BY turn`;

const holds = (seat: Row | undefined, who: Who) =>
  !!seat && !!who && (who.kind === "user" ? seat.userId === who.id : seat.agentId === who.id);

async function readBody(req: http.IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  const text = Buffer.concat(chunks).toString("utf8").trim();
  return text ? JSON.parse(text) : {};
}

async function handle(sql: Sql, req: http.IncomingMessage): Promise<[number, unknown]> {
  const url = new URL(req.url ?? "/", "http://x");
  if (url.pathname === "/health") return [200, { ok: true }];
  const m = /^\/api\/tables\/(\d+)(?:\/(offer|pass))?$/.exec(url.pathname);
  if (!m) return [404, { error: { code: "not_found" } }];
  const id = Number(m[1]);
  const who = await whoOf(sql, req);
  if (!who) return [401, { error: { code: "signin_required" } }];
  if (req.method === "GET" && !m[2]) {
    const [table] = await sql.query(TABLE, [id]);
    if (!table) return [404, { error: { code: "not_found" } }];
    const seats = await sql.query(SEATS, [id]);
    const acts = await sql.query(ACTS, [id]);
    const { seed: _seed, ...open } = table;
    return [200, { ...open, seats: seats.map((s) => (holds(s, who) ? s : { ...s, charge: null })), acts }];
  }
  if (req.method !== "POST" || !m[2]) return [404, { error: { code: "not_found" } }];
  const type = m[2];
  const body = (await readBody(req)) as { accord?: unknown; said?: unknown };
  try {
    return await sql.transaction(async (q) => {
      const [table] = await q(TABLE, [id]);
      if (!table) return [404, { error: { code: "not_found" } }];
      const seats = await q(SEATS, [id]);
      const acts = await q(ACTS, [id]);
      const turn = acts.length;
      const seat = turn % seats.length;
      if (!holds(seats[seat], who)) return [409, { error: { code: "conflict" } }];
      await q(
        `INSERT INTO "Act" ("tableId", turn, seat, type, by, accord, said, at) VALUES ($1, $2, $3, $4, 'seat', $5, $6, $7)`,
        [
          id,
          turn,
          seat,
          type,
          body.accord === undefined ? null : JSON.stringify(body.accord),
          body.said === undefined ? null : JSON.stringify(body.said),
          new Date(),
        ],
      );
      await q(`INSERT INTO "Event" (topic, type, payload) VALUES ($1, 'act', $2)`, [
        `table:${id}`,
        JSON.stringify({ tableId: id, turn, seat, act: type, by: "seat" }),
      ]);
      return [200, { seat, turn, type, status: "playing" }];
    });
  } catch (e) {
    if ((e as { code?: string }).code === "23505") return [409, { error: { code: "conflict" } }];
    throw e;
  }
}

const sql = await openSql();
http
  .createServer((req, res) => {
    handle(sql, req).then(
      ([status, body]) => {
        res.writeHead(status, { "content-type": "application/json", "cache-control": "private, no-store" });
        res.end(JSON.stringify(body));
      },
      (e) => {
        console.error(e);
        res.writeHead(500, { "content-type": "application/json" });
        res.end(JSON.stringify({ error: { code: "internal" } }));
      },
    );
  })
  .listen(Number(process.env.PORT ?? 3599), "127.0.0.1");
