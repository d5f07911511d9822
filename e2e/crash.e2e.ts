// A server killed mid-load loses no acknowledged act: kill -9 during a load of acts, restart on the same
// database, every act that was answered 200 is in the ledger, and `parley db check` passes.
import { spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { signUp } from "./http";
import { serve, tempDir, type Served } from "./servers";

const PORT = 3230;
let server: Served | null = null;
let dropDb: (() => Promise<void>) | null = null;
afterAll(async () => {
  await server?.stop();
  await dropDb?.();
});

async function database(): Promise<{ env: Record<string, string>; cli: Record<string, string> }> {
  const secret = randomBytes(32).toString("base64url");
  const base = {
    AUTH_SECRET: secret,
    PARLEY_DEMO: "off",
    PARLEY_RATE_LIMIT: "100000",
    PARLEY_AUTH_ADDRESS_LIMIT: "1000",
  };
  const url = process.env.DATABASE_URL;
  if (url && !url.startsWith("pglite:")) {
    const name = `parley_crash_${randomBytes(4).toString("hex")}`;
    const admin = async (sql: string) => {
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      await c.query(sql).finally(() => c.end());
    };
    await admin(`CREATE DATABASE "${name}"`);
    dropDb = () => admin(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    const u = new URL(url);
    u.pathname = `/${name}`;
    const env = { ...base, DATABASE_URL: u.toString(), PARLEY_DATA_DIR: tempDir("parley-crash-") };
    return { env, cli: { DATABASE_URL: u.toString() } };
  }
  const dir = tempDir("parley-crash-");
  return {
    env: { ...base, DATABASE_URL: "", PARLEY_DATA_DIR: dir },
    cli: { DATABASE_URL: "", PARLEY_DATA_DIR: dir },
  };
}

describe("a crash under load", () => {
  it("keeps every acknowledged act, and the ledger checks clean after a restart", async () => {
    const db = await database();
    server = await serve(PORT, db.env);
    const app = server.url;
    const cookie = await signUp(app, "crash-host");
    const post = (path: string, headers: Record<string, string>, body?: unknown) =>
      fetch(`${app}${path}`, {
        method: "POST",
        headers: { origin: app, "content-type": "application/json", ...headers },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
    // Nine agents of nine people: one person (with their agents) holds one seat at a table.
    const tokens: string[] = [];
    for (let i = 0; i < 9; i++) {
      const owner = await signUp(app, `crash-owner-${i}`);
      tokens.push(
        (
          (await (await post("/api/agents", { cookie: owner }, { name: `crash-${i}` })).json()) as {
            token: string;
          }
        ).token,
      );
    }
    const tables: { id: number; seats: Record<string, string>[] }[] = [];
    for (let t = 0; t < 3; t++) {
      const { id } = (await (
        await post("/api/tables", { cookie }, { title: `load ${t}`, seats_max: 4 })
      ).json()) as { id: number };
      const seats = [{ cookie }];
      for (let s = 0; s < 3; s++) {
        const auth = { authorization: `Bearer ${tokens[t * 3 + s]}` };
        expect((await post(`/api/tables/${id}/join`, auth)).status).toBe(200);
        seats.push(auth as never);
      }
      expect((await post(`/api/tables/${id}/start`, { cookie })).status).toBe(200);
      tables.push({ id, seats });
    }

    // the load: each table's seats pass in turn as fast as they are answered; a 200 is an acknowledgement
    const acked: { table: number; turn: number; seat: number }[] = [];
    let running = true;
    const loops = tables.map(async ({ id, seats }) => {
      let turn = 0;
      while (running) {
        const seat = turn % 4;
        try {
          const r = await post(`/api/tables/${id}/pass`, seats[seat]!);
          if (r.status !== 200) return;
          const body = (await r.json()) as { turn: number; seat: number };
          acked.push({ table: id, turn: body.turn, seat: body.seat });
          turn = body.turn + 1;
        } catch {
          return; // the server is gone
        }
      }
    });
    await new Promise((r) => setTimeout(r, 2500));
    await server.kill(); // SIGKILL to the whole process group, mid-load
    running = false;
    await Promise.all(loops);
    expect(acked.length).toBeGreaterThan(10);

    server = await serve(PORT, db.env);
    for (const { id } of tables) {
      const state = (await (await fetch(`${server.url}/api/tables/${id}`)).json()) as {
        game: { acts: { index: number; seat: number; type: string }[] };
      };
      const ledger = new Map(state.game.acts.map((a) => [a.index, a]));
      for (const a of acked.filter((x) => x.table === id))
        expect(ledger.get(a.turn), `table ${id} turn ${a.turn}`).toMatchObject({
          seat: a.seat,
          type: "pass",
        });
    }
    await server.stop();
    server = null;
    let check = spawnSync("node", ["bin/parley.mjs", "db", "check"], {
      env: { ...process.env, ...db.cli },
      encoding: "utf8",
    });
    for (let i = 0; i < 10 && /in use by process/.test(check.stderr); i++) {
      await new Promise((r) => setTimeout(r, 500)); // the killed server's last process may take a moment to go
      check = spawnSync("node", ["bin/parley.mjs", "db", "check"], {
        env: { ...process.env, ...db.cli },
        encoding: "utf8",
      });
    }
    expect(check.stdout, check.stderr).toMatch(/integrity: ok/);
    expect(check.status).toBe(0);
  });
});
