// Global set-up of the end-to-end run: one app on the embedded database, and (with DATABASE_URL) two app
// processes on one fresh PostgreSQL database, to prove the outbox carries events between processes. The first app
// mails through a real SMTP server started here, which writes every message it receives into `maildir` (one file
// each) for the tests to read.
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import type { AddressInfo } from "node:net";
import path from "node:path";
import pg from "pg";
import { SMTPServer } from "smtp-server";
import type { TestProject } from "vitest/node";
import { serve, tempDir, type Served } from "./servers";

declare module "vitest" {
  export interface ProvidedContext {
    app: string;
    /** The app's process id, to read what it holds from /proc. */
    appPid: number;
    pair: string[] | null;
    maildir: string;
  }
}

const servers: Served[] = [];
let dropDb: (() => Promise<void>) | null = null;
let smtp: SMTPServer | null = null;

/** A real SMTP server on a free port that writes each message into `dir` as <n>.eml. */
async function mailServer(dir: string): Promise<number> {
  let n = 0;
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onData(stream, session, done) {
      const chunks: Buffer[] = [];
      stream.on("data", (c: Buffer) => chunks.push(c));
      stream.on("end", () => {
        const to = session.envelope.rcptTo.map((r) => r.address).join(",");
        fs.writeFileSync(
          path.join(dir, `${String(++n).padStart(4, "0")}.eml`),
          `X-Envelope-To: ${to}\r\n${Buffer.concat(chunks)}`,
        );
        done();
      });
    },
  });
  await new Promise<void>((r) => smtp!.listen(0, "127.0.0.1", () => r()));
  return (smtp.server.address() as AddressInfo).port;
}

export async function setup(project: TestProject) {
  const secret = randomBytes(32).toString("base64url");
  const maildir = tempDir("parley-e2e-mail-");
  const smtpPort = await mailServer(maildir);
  const app = await serve(3210, {
    SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
    PARLEY_URL: "http://127.0.0.1:3210",
    PARLEY_WEBHOOK_ALLOW_PRIVATE: "on",
    PARLEY_DATA_DIR: tempDir("parley-e2e-"),
    DATABASE_URL: "",
    AUTH_SECRET: secret,
    PARLEY_RATE_LIMIT: "600",
    PARLEY_BOT_PAUSE_MS: "0",
    PARLEY_AUTH_ADDRESS_LIMIT: "1000", // every browser and script of the run signs up from 127.0.0.1
    ADMIN_EMAILS: "e2e-admin",
  });
  servers.push(app);
  let pair: string[] | null = null;
  const server = process.env.DATABASE_URL;
  if (server && !server.startsWith("pglite:")) {
    const name = `parley_e2e_${randomBytes(4).toString("hex")}`;
    await admin(server, `CREATE DATABASE "${name}"`);
    dropDb = () => admin(server, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    const u = new URL(server);
    u.pathname = `/${name}`;
    const env = {
      DATABASE_URL: u.toString(),
      AUTH_SECRET: secret,
      PARLEY_DATA_DIR: tempDir("parley-e2e-pg-"),
      PARLEY_DEMO: "off",
      PARLEY_AUTH_ADDRESS_LIMIT: "1000",
    };
    const a = await serve(3211, env);
    servers.push(a);
    const b = await serve(3212, env);
    servers.push(b);
    pair = [a.url, b.url];
  }
  project.provide("app", app.url);
  project.provide("appPid", app.pid);
  project.provide("pair", pair);
  project.provide("maildir", maildir);
}

export async function teardown() {
  await Promise.all(servers.map((s) => s.stop()));
  await dropDb?.();
  await new Promise<void>((r) => (smtp ? smtp.close(() => r()) : r()));
}

async function admin(url: string, sql: string) {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    await c.query(sql);
  } finally {
    await c.end();
  }
}
