// The job queue (pg-boss on the app's database, PostgreSQL or PGlite): a job sent in a transaction exists only if
// it commits; a failing job is retried; two workers never run one job at once, and each job runs once; a worker
// killed with SIGKILL mid-job loses nothing: the job expires and another process runs it.
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { until } from "../live/testkit";
import { openDatabase } from "../db";
import { onPostgres, testDatabase, type TestDatabase } from "../testing/db";
import { enqueue, QUEUES, SCHEMA, startQueue } from "./queue";

let db: TestDatabase;
beforeAll(async () => {
  db = await testDatabase();
});
afterAll(async () => db?.drop());

describe("the job queue", () => {
  it("runs a job sent in a committed transaction, and never one whose transaction rolled back; retries a failure", async () => {
    const runs: { key: string; attempt: number }[] = [];
    const q = await startQueue(
      db,
      {
        mail: async (job) => {
          const { key } = job.data as { key: string };
          runs.push({ key, attempt: job.retryCount });
          if (key === "flaky" && job.retryCount < 2) throw new Error("the mail server is away");
        },
      },
      { pollSeconds: 0.5 },
    );
    try {
      await db.prisma.$transaction((tx) => enqueue(tx, "mail", { key: "kept" }));
      await db.prisma
        .$transaction(async (tx) => {
          await enqueue(tx, "mail", { key: "rolled back" });
          throw new Error("the change failed");
        })
        .catch(() => {});
      await db.prisma.$transaction((tx) =>
        enqueue(tx, "mail", { key: "flaky" }, { retryDelay: 0, retryBackoff: false }),
      );
      await until(
        () => runs.filter((r) => r.key === "flaky").length === 3 && runs.some((r) => r.key === "kept"),
      );
      await new Promise((r) => setTimeout(r, 1500)); // anything else would have run by now
      expect(runs.filter((r) => r.key === "kept")).toEqual([{ key: "kept", attempt: 0 }]);
      expect(runs.some((r) => r.key === "rolled back")).toBe(false);
      expect(runs.filter((r) => r.key === "flaky").map((r) => r.attempt)).toEqual([0, 1, 2]);
    } finally {
      await q.stop();
    }
  });

  it("two workers share the jobs, none runs twice or at once", async () => {
    const running = new Set<string>();
    const ran: string[] = [];
    let overlap = 0;
    const work = async (job: { id: string }) => {
      if (running.has(job.id)) overlap++;
      running.add(job.id);
      await new Promise((r) => setTimeout(r, 20));
      running.delete(job.id);
      ran.push(job.id);
    };
    const a = await startQueue(db, { mail: work }, { pollSeconds: 0.5 });
    const b = await startQueue(db, { mail: work }, { pollSeconds: 0.5 });
    try {
      await db.prisma.$transaction(async (tx) => {
        for (let i = 0; i < 20; i++) await enqueue(tx, "mail", { key: `shared ${i}` });
      });
      await until(() => ran.length >= 20);
      await new Promise((r) => setTimeout(r, 1000));
      expect(ran).toHaveLength(20);
      expect(new Set(ran).size).toBe(20);
      expect(overlap).toBe(0);
    } finally {
      await a.stop();
      await b.stop();
    }
  });
});

// PostgreSQL only: the embedded database is one process.
describe.skipIf(!onPostgres())("processes starting at once on a fresh database (PostgreSQL)", () => {
  it("all start, though their first creations of the queues race (PostgreSQL may abort one as a deadlock)", async () => {
    const fresh = await testDatabase();
    const processes = await Promise.all(
      Array.from({ length: 4 }, () => openDatabase(fresh.url, { migrate: false })),
    );
    try {
      const started = await Promise.allSettled(processes.map((p) => startQueue(p, {})));
      expect(started.map((s) => (s.status === "rejected" ? String(s.reason) : "started"))).toEqual(
        Array(4).fill("started"),
      );
      for (const s of started) if (s.status === "fulfilled") await s.value.stop();
      const queues = await fresh.sql.query<{ name: string }>(
        `SELECT name FROM ${SCHEMA}.queue ORDER BY name`,
      );
      expect(queues.map((q) => q.name)).toEqual(Object.keys(QUEUES).sort());
    } finally {
      await Promise.all(processes.map((p) => p.close()));
      await fresh.drop();
    }
  });
});

describe("a worker killed mid-job", () => {
  it(
    "loses nothing: after SIGKILL the job expires and another process runs it",
    { timeout: 90_000 },
    async () => {
      // PGlite is one process's: this test gives the children a database of their own on disk (or on PostgreSQL, a
      // fresh one), since the parent's in-memory one cannot be shared.
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), "parley-crash-"));
      const other = db.kind === "postgres" ? await testDatabase() : null;
      const url = other ? other.url : `pglite:${dir}`;
      await other?.close();
      const child = (mode: string) => {
        const p = spawn(process.execPath, ["--import", "tsx", "server/jobs/crash.child.ts", mode, url], {
          stdio: ["ignore", "pipe", "pipe"],
        });
        let out = "";
        p.stdout.on("data", (d) => (out += String(d)));
        p.stderr.on("data", (d) => (out += String(d)));
        return { p, out: () => out };
      };
      try {
        const first = child("enqueue");
        await until(() => /started \S+/.test(first.out()), 60_000);
        const id = /started (\S+)/.exec(first.out())![1];
        first.p.kill("SIGKILL");
        await new Promise((r) => first.p.once("exit", r));
        const second = child("recover");
        const code = await new Promise((r) => second.p.once("exit", r));
        expect(code, second.out()).toBe(0);
        expect(second.out()).toContain(`ran ${id} 1`);
      } finally {
        fs.rmSync(dir, { recursive: true, force: true });
        if (other) await other.drop().catch(() => {});
      }
    },
  );
});
