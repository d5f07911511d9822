// The daily digest (shared/spec/notifications.md, "Email"): once a day, after DIGEST_HOUR_UTC, each person with an
// address and a group set to "digest" is mailed that group's notifications of the 24 hours before, in one mail.
// The sweeper queues it once per person and day (MailDigest's key); the queue sends it and retries.
import type { Database } from "../../db";
import { env } from "../../env";
import { mailModes } from "../mail";
import { digestWindow, groupOf } from "../../rules/notifications";
import { composeMail, mailableOf, transport } from "./mail";
import { enqueue, type Worker } from "../../jobs/queue";

export type DigestJob = { userId: number; day: string; from: number; to: number };

export async function sweepDigests(database: Database, now: number): Promise<void> {
  if (!env().SMTP_URL) return;
  const w = digestWindow(now);
  const due = await database.prisma.user.findMany({
    where: {
      email: { not: null },
      id: {
        in: (
          await database.prisma.mailPreference.findMany({
            where: { mode: "digest" },
            select: { userId: true },
          })
        ).map((p) => p.userId),
      },
    },
    select: { id: true },
  });
  for (const { id } of due)
    await database.prisma.$transaction(async (tx) => {
      const { count } = await tx.mailDigest.createMany({
        data: [{ userId: id, day: w.day, at: new Date(now) }],
        skipDuplicates: true,
      });
      if (count)
        await enqueue(tx, "digest", { userId: id, day: w.day, from: w.from, to: w.to } satisfies DigestJob);
    });
}

export const digestWorker: Worker<DigestJob> = async (job, database) => {
  const smtp = transport();
  const to = await mailableOf(database, job.data.userId);
  if (!smtp || !to) return;
  const modes = (await mailModes(database.prisma, [to.id])).get(to.id)!;
  const items = (
    await database.prisma.notification.findMany({
      where: {
        recipient: `user:${to.id}`,
        createdAt: { gte: new Date(job.data.from), lt: new Date(job.data.to) },
      },
      orderBy: { id: "asc" },
      select: { kind: true, text: true, link: true },
    })
  ).filter((n) => modes[groupOf(n.kind)] === "digest");
  if (items.length === 0) return;
  await smtp.sendMail(
    composeMail(
      to,
      `Parley, ${job.data.day}: ${items.length} notification${items.length === 1 ? "" : "s"}`,
      items,
      `digest-${to.id}-${job.data.day}`,
    ),
  );
};
