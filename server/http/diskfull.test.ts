// The embedded database's disk fills up, for real: a small tmpfs under PGlite. The door answers 503 `unavailable`
// with Retry-After (never 500, never a hang), health says the disk is out of space, nothing acknowledged is lost, and
// once space is freed the app serves again by itself. Mounting a tmpfs takes root; where none can be made, skipped.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PROBE_FRESH_MS } from "../actions/health";
import { fixedClock } from "../clock";
import { openDatabase, type Database } from "../db";
import { WAL_SEGMENT_BYTES } from "../pglite-restart";
import { api } from "../testing/doors";
import { makeUser } from "../testing/db";

const clock = fixedClock(Date.parse("2026-12-01T12:00:00Z"));
const MB = 1024 * 1024;

let mountPoint = "";
/** Why no tmpfs could be mounted here (not root, no mount(8)), or "" when one was. */
let noTmpfs = "";
beforeAll(() => {
  mountPoint = fs.mkdtempSync(path.join(os.tmpdir(), "parley-full-"));
  try {
    execFileSync("mount", ["-t", "tmpfs", "-o", "size=96m", "tmpfs", mountPoint], { stdio: "pipe" });
  } catch (e) {
    noTmpfs = `no tmpfs could be mounted at ${mountPoint} (${String((e as Error).message).split("\n")[0]})`;
  }
});
afterAll(() => {
  if (!noTmpfs) execFileSync("umount", ["-l", mountPoint]);
  fs.rmSync(mountPoint, { recursive: true, force: true });
});

const filler = () => path.join(mountPoint, "filler");
/** Fills the file system up, to the last block. */
function fill() {
  const fd = fs.openSync(filler(), "a");
  try {
    for (const size of [MB, 4096])
      for (;;)
        try {
          fs.writeSync(fd, Buffer.alloc(size));
        } catch {
          break;
        }
  } finally {
    fs.closeSync(fd);
  }
}
const free = () => {
  const s = fs.statfsSync(mountPoint);
  return s.bavail * s.bsize;
};
const later = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe("the embedded database's disk fills up", () => {
  let db: Database;
  const dataDir = () => path.join(mountPoint, "pglite");
  afterAll(async () => db?.close().catch(() => {}));

  it("answers 503 with Retry-After at the door, health says why, and it serves again once space is freed", async (ctx) => {
    if (noTmpfs) return ctx.skip(noTmpfs);
    db = await openDatabase(`pglite:${dataDir()}`);
    const host = await makeUser(db, "disk-host");
    const as = api(db.prisma, host, { clock });
    const acknowledged: number[] = [];
    const open = async (title: string) => {
      const r = await as("POST", "/api/tables", { title, seats_max: 4 });
      expect([201, 503], `${title}: ${JSON.stringify(r.body)}`).toContain(r.status);
      if (r.status === 201) acknowledged.push(r.body.id as number);
      return r;
    };
    for (const n of [1, 2, 3]) expect((await open(`Before ${n}`)).status).toBe(201);
    expect(await as("GET", "/api/health")).toMatchObject({ status: 200, body: { ok: true, database: "up" } });

    // The disk full to the last block: a write that needs a new page is refused by PostgreSQL (53100, an ERROR).
    fill();
    let refused = null;
    for (let n = 0; n < 200 && !refused; n++) {
      const r = await open(`Filling ${n}`);
      if (r.status === 503) refused = r;
    }
    expect(refused, "a write was refused once the disk was full").not.toBeNull();
    expect(refused!.headers.get("retry-after")).toBe("5");
    expect(refused!.body.error).toMatchObject({
      code: "unavailable",
      message: expect.stringMatching(/Try again/),
    });
    await later(PROBE_FRESH_MS + 50);
    const sick = await as("GET", "/api/health");
    expect(sick.status).toBe(503);
    expect(sick.headers.get("retry-after")).toBe("5");
    expect(sick.body.error).toMatchObject({
      code: "unavailable",
      message: expect.stringMatching(/out of space/),
    });

    // A few megabytes back, fewer than a WAL file takes: pages can be added, but when the WAL moves on to its next
    // file PostgreSQL cannot make it, and PANICs. Bring the WAL to the end of its file, then write at the door.
    fs.truncateSync(filler(), fs.statSync(filler()).size - 4 * MB);
    expect(free()).toBeLessThan(WAL_SEGMENT_BYTES);
    const walLeft = async () =>
      Number(
        (
          await db.sql.query<{ left: string }>(
            `SELECT (${WAL_SEGMENT_BYTES} - (pg_current_wal_insert_lsn() - '0/0'::pg_lsn) % ${WAL_SEGMENT_BYTES})::text AS left`,
          )
        )[0]!.left,
      );
    // A long record takes a header on every 8 kB page it spans besides its own: the last steps are short ones.
    for (let left = await walLeft(); left > 1000; left = await walLeft())
      await db.sql.query(`SELECT pg_logical_emit_message(false, 'parley-test', repeat('x', $1::int))`, [
        left > 20_000 ? Math.min(left - 16_384, MB) : left - 900,
      ]);
    let stopped = null;
    for (let n = 0; n < 20 && !stopped; n++) {
      const r = await open(`At the WAL's end ${n}`);
      if (r.status === 503) stopped = r;
    }
    expect(stopped, "the write that needed a new WAL file was refused").not.toBeNull();
    expect(stopped!.headers.get("retry-after")).toBe("5");
    // Stopped at the PANIC, the database is sent nothing more: a read is refused at once too, not left hanging.
    const asked = performance.now();
    expect((await as("GET", "/api/tables")).status).toBe(503);
    expect(performance.now() - asked).toBeLessThan(2_000);

    // Space back: the next request starts the database again (crash recovery), with no one restarting the app.
    fs.rmSync(filler());
    const back = await open("After the space came back");
    expect(back.status).toBe(201);
    await later(PROBE_FRESH_MS + 50);
    expect(await as("GET", "/api/health")).toMatchObject({ status: 200, body: { ok: true, database: "up" } });

    // The process restarts: every table the door acknowledged is there.
    await db.close();
    db = await openDatabase(`pglite:${dataDir()}`);
    const kept = await db.prisma.gameTable.findMany({
      where: { id: { in: acknowledged } },
      select: { id: true },
    });
    expect(kept.map((t) => t.id).sort((a, b) => a - b)).toEqual([...acknowledged].sort((a, b) => a - b));
    expect(acknowledged.length).toBeGreaterThan(4);
  }, 180_000);
});
