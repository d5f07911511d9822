// The webhook tests' shared setup: a real receiver (node:http, on a local port) that keeps every delivery, a throwaway
// database, and the queue delivering to the receiver.
import { createServer, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";
import { testDatabase } from "../testing/db";
import { startQueue } from "./queue";
import { webhookWorker } from "./webhook";

export type Hit = { headers: IncomingHttpHeaders; body: string };

/**
 * `status` answers each delivery (200 unless told); `allowPrivate` lets deliveries reach this machine's loopback
 * receiver, which a webhook may not otherwise.
 */
export async function receivingWebhooks({
  status = () => 200,
  allowPrivate = true,
}: { status?: () => number; allowPrivate?: boolean } = {}) {
  const hits: Hit[] = [];
  const receiver = createServer((req, res) => {
    let body = "";
    req.on("data", (d) => (body += String(d)));
    req.on("end", () => {
      hits.push({ headers: req.headers, body });
      res.statusCode = status();
      res.end();
    });
  });
  await new Promise<void>((r) => receiver.listen(0, "127.0.0.1", () => r()));
  const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
  process.env.PARLEY_RATE_LIMIT = "1000000";
  if (allowPrivate) process.env.PARLEY_WEBHOOK_ALLOW_PRIVATE = "on";
  const db = await testDatabase();
  const queue = await startQueue(db, { webhook: webhookWorker }, { pollSeconds: 0.5 });
  return {
    hits,
    url,
    db,
    queue,
    async close() {
      await queue.stop();
      await db.drop();
      await new Promise<void>((r) => receiver.close(() => r()));
      delete process.env.PARLEY_WEBHOOK_ALLOW_PRIVATE;
    },
  };
}
