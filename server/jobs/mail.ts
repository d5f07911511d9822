// Mail for notifications (shared/spec/notifications.md, "Email"): when SMTP_URL is set, each notification to a
// person with an address is mailed from the queue (so an SMTP outage delays it and loses none), through nodemailer,
// with a plain-text and an HTML part. The text is data: escaped into the HTML, never markup.
import nodemailer from "nodemailer";
import type { Database } from "../db";
import { env } from "../env";
import type { Worker } from "./queue";

export type MailJob = { notificationId: string };

/** Where the app is, for the links in a mail. */
export const publicUrl = () => (env().PARLEY_URL ?? "http://localhost:3000").replace(/\/+$/, "");

const fromAddress = () =>
  env().MAIL_FROM ?? `Parley <parley@${new URL(publicUrl()).hostname || "localhost"}>`;

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

/** One notification as a mail: the sentence, the link to its place, and where to change what is mailed. */
export function composeMail(
  n: { id: bigint; text: string; link: string },
  to: { name: string; email: string },
) {
  const base = publicUrl();
  const link = `${base}${n.link}`;
  const settings = `${base}/notifications`;
  const subject = n.text.length > 120 ? `${n.text.slice(0, 119)}…` : n.text;
  return {
    from: fromAddress(),
    to: { name: to.name, address: to.email },
    subject,
    // the same id on every retry, so a mail sent just before a failure is recognised as one
    messageId: `<notification-${n.id}@${new URL(base).hostname || "parley"}>`,
    text: `${n.text}\n\nOpen it: ${link}\n\n—\nParley. What is mailed to you: ${settings}\n`,
    html:
      `<p>${escapeHtml(n.text)}</p>` +
      `<p><a href="${escapeHtml(link)}">Open it in Parley</a></p>` +
      `<p style="color:#78716c;font-size:12px">What is mailed to you: <a href="${escapeHtml(settings)}">${escapeHtml(settings)}</a></p>`,
  };
}

const transports = new Map<string, nodemailer.Transporter>();
const transportFor = (url: string) => {
  let t = transports.get(url);
  if (!t) transports.set(url, (t = nodemailer.createTransport(url)));
  return t;
};

/** The mail queue's worker: sends one notification's mail, or throws (the queue retries with backoff). */
export const mailWorker: Worker<MailJob> = async (job, database: Database) => {
  const url = env().SMTP_URL;
  if (!url) return; // mail was turned off since it was queued: nothing to send
  const n = await database.prisma.notification.findUnique({
    where: { id: BigInt(job.data.notificationId) },
    select: { id: true, recipient: true, text: true, link: true },
  });
  const userId = n?.recipient.startsWith("user:") ? Number(n.recipient.slice(5)) : null;
  if (!n || userId === null) return;
  const user = await database.prisma.user.findUnique({
    where: { id: userId },
    select: { name: true, email: true },
  });
  if (!user?.email) return;
  await transportFor(url).sendMail(composeMail(n, { name: user.name, email: user.email }));
};
