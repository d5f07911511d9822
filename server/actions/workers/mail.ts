// Mail for notifications (shared/spec/notifications.md, "Email"): when SMTP_URL is set, each notification to a
// person with an address is mailed from the queue (so an SMTP outage delays it and loses none), through nodemailer,
// with a plain-text and an HTML part. The text is data: escaped into the HTML, never markup.
import nodemailer from "nodemailer";
import type { Database } from "../../db";
import { env, publicUrl } from "../../env";
import { mailModes, unsubscribeToken } from "../mail";
import { personOfRecipient } from "../notify";
import { groupOf } from "../../rules/notifications";
import type { Worker } from "../../jobs/queue";

export type MailJob = { notificationId: string };

export const fromAddress = () =>
  env().MAIL_FROM ?? `Parley <parley@${new URL(publicUrl()).hostname || "localhost"}>`;

export const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

/** The one-click unsubscribe of RFC 8058: the link a mail client POSTs to, and the headers that name it. */
export function unsubscribeOf(userId: number) {
  const query = `user=${userId}&token=${unsubscribeToken(userId)}`;
  const url = `${publicUrl()}/api/notifications/unsubscribe?${query}`;
  return {
    url,
    page: `${publicUrl()}/unsubscribe?${query}`,
    headers: { "List-Unsubscribe": `<${url}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" },
  };
}

type Item = { text: string; link: string };

/** A mail of one or more notifications: each sentence with its link, where to change what is mailed, unsubscribe. */
export function composeMail(
  to: { id: number; name: string; email: string },
  subject: string,
  items: readonly Item[],
  messageId: string,
) {
  const base = publicUrl();
  const settings = `${base}/notifications#mail`;
  const off = unsubscribeOf(to.id);
  const line = (i: Item) => `${i.text}\n${base}${i.link}`;
  return {
    from: fromAddress(),
    to: { name: to.name, address: to.email },
    subject: subject.length > 120 ? `${subject.slice(0, 119)}…` : subject,
    // the same id on every retry, so a mail sent just before a failure is recognised as one
    messageId: `<${messageId}@${new URL(base).hostname || "parley"}>`,
    headers: off.headers,
    text:
      `${items.map(line).join("\n\n")}\n\n—\nParley. What is mailed to you: ${settings}\n` +
      `Unsubscribe from all of it: ${off.page}\n`,
    html:
      items
        .map(
          (i) =>
            `<p>${escapeHtml(i.text)}<br><a href="${escapeHtml(base + i.link)}">Open it in Parley</a></p>`,
        )
        .join("") +
      `<p style="color:#57534e;font-size:12px">What is mailed to you: <a href="${escapeHtml(settings)}">your settings</a>` +
      ` · <a href="${escapeHtml(off.page)}">unsubscribe</a></p>`,
  };
}

const transports = new Map<string, nodemailer.Transporter>();
const transportFor = (url: string) => {
  let t = transports.get(url);
  if (!t) transports.set(url, (t = nodemailer.createTransport(url)));
  return t;
};

export const transport = () => (env().SMTP_URL ? transportFor(env().SMTP_URL!) : null);

/** The person a notification is for, with an address and this group's mode, or null. */
export async function mailableOf(database: Database, userId: number) {
  const user = await database.prisma.user.findUnique({
    where: { id: userId },
    select: { id: true, name: true, email: true },
  });
  return user?.email ? { id: user.id, name: user.name, email: user.email } : null;
}

/**
 * The mail queue's worker: sends one burst's mail (its notes, newest first), or throws (the queue retries with
 * backoff). Queued when the burst closes; a job for a note that is not its burst's first (another change queued it)
 * sends nothing, so a burst is mailed once.
 */
export const mailWorker: Worker<MailJob> = async (job, database: Database) => {
  const smtp = transport();
  if (!smtp) return; // mail was turned off since it was queued: nothing to send
  const n = await database.prisma.notification.findUnique({
    where: { id: BigInt(job.data.notificationId) },
    select: { id: true, recipient: true, kind: true, text: true, link: true, burstId: true },
  });
  const userId = n ? personOfRecipient(n.recipient) : null;
  if (!n || userId === null) return;
  const to = await mailableOf(database, userId);
  if (!to) return;
  const modes = (await mailModes(database.prisma, [userId])).get(userId)!;
  const burst =
    n.burstId === null
      ? [n]
      : await database.prisma.notification.findMany({
          where: { burstId: n.burstId },
          orderBy: { id: "desc" },
          select: { id: true, kind: true, text: true, link: true },
        });
  // the burst's first note carries its mail; a person who turned a group off (or to the digest) since is not mailed it
  if (burst.at(-1)?.id !== n.id) return;
  const items = burst.filter((m) => modes[groupOf(m.kind)] === "immediately");
  const latest = items[0];
  if (!latest) return;
  const title =
    items.length === 1 ? latest.text : `${items.length} notifications — the latest: ${latest.text}`;
  await smtp.sendMail(composeMail(to, title, items, `notification-${n.id}`));
};
