// A test file's webhook receiver (server/jobs/testing.ts: a real receiver, its database and the queue).
import { afterAll, beforeAll } from "vitest";
import { receivingWebhooks } from "../jobs/testing";

type Receiving = Awaited<ReturnType<typeof receivingWebhooks>>;

/** A webhook receiver for the file (server/jobs/testing.ts), made before its first test and closed after its last. */
export function webhooksForFile(take: (receiving: Receiving) => void): void {
  let receiving: Receiving | undefined;
  beforeAll(async () => {
    receiving = await receivingWebhooks();
    take(receiving);
  });
  afterAll(() => receiving?.close());
}
