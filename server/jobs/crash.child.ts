// A worker process for the queue's crash test (queue.test.ts): `enqueue` sends one mail job with a short expiry and
// starts working it, printing "started <id>" and then hanging (the test kills it with SIGKILL mid-job); `recover`
// starts a worker on the same database, prints "ran <id> <attempt>" when the job runs again, and exits.
import { openDatabase } from "../db";
import { enqueue, startQueue } from "./queue";

const [mode, url] = process.argv.slice(2) as ["enqueue" | "recover", string];
const database = await openDatabase(url);
if (mode === "enqueue") {
  await startQueue(
    database,
    {
      mail: async (job) => {
        console.log(`started ${job.id}`);
        await new Promise(() => {}); // mid-job, until killed
      },
    },
    { pollSeconds: 0.5 },
  );
  await database.prisma.$transaction((tx) =>
    enqueue(tx, "mail", { crash: true }, { expireInSeconds: 2, retryDelay: 0, retryBackoff: false }),
  );
} else {
  await startQueue(
    database,
    {
      mail: async (job) => {
        console.log(`ran ${job.id} ${job.retryCount}`);
        setTimeout(() => void database.close().then(() => process.exit(0)), 100);
      },
    },
    { pollSeconds: 0.5, maintenanceSeconds: 1 },
  );
}
