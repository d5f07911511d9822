// The account queue's worker: mails the link that confirms an address (to that address) or resets a password (to
// the account's confirmed address), with the token computed here, never stored; and makes a reset's link when one is
// asked for by name.
import { accountLinkToken, resetAsked, type AccountJob } from "../address";
import { publicUrl } from "../../env";
import { escapeHtml, fromAddress, transport } from "./mail";
import type { Worker } from "../../jobs/queue";

export const accountWorker: Worker<AccountJob> = async (job, database) => {
  const smtp = transport();
  if (!smtp) return;
  // A reset asked for by name: its link made here, for an account with a confirmed address (mailed as the next job).
  if (job.data.kind === "reset-asked") return resetAsked(database.prisma, job.data);
  const { kind, id } = job.data;
  const token = accountLinkToken(kind, id);
  const host = new URL(publicUrl()).hostname || "parley";
  if (kind === "email-change") {
    const c = await database.prisma.emailChange.findUnique({ where: { id } });
    if (!c || c.confirmedAt) return;
    const link = `${publicUrl()}/email/confirm?change=${id}&token=${token}`;
    await smtp.sendMail({
      from: fromAddress(),
      to: c.email,
      subject: "Confirm your address for Parley",
      messageId: `<email-change-${id}@${host}>`,
      text: `Follow this link to have Parley's notifications mailed to ${c.email} (it works for 24 hours):\n${link}\n\nIf you did not ask for this, ignore this mail.\n`,
      html: `<p>Follow this link to have Parley's notifications mailed to this address (it works for 24 hours):</p><p><a href="${escapeHtml(link)}">Confirm this address</a></p><p>If you did not ask for this, ignore this mail.</p>`,
    });
    return;
  }
  const r = await database.prisma.passwordReset.findUnique({ where: { id } });
  const user = r ? await database.prisma.user.findUnique({ where: { id: r.userId } }) : null;
  if (!r || r.usedAt || !user?.email) return;
  const link = `${publicUrl()}/reset?reset=${id}&token=${token}`;
  await smtp.sendMail({
    from: fromAddress(),
    to: { name: user.name, address: user.email },
    subject: "Choose a new Parley password",
    messageId: `<password-reset-${id}@${host}>`,
    text: `Someone asked to reset the password of ${user.name}. Choose a new one here (within the hour):\n${link}\n\nIf it was not you, ignore this mail: your password stays as it is.\n`,
    html: `<p>Someone asked to reset the password of this account. Choose a new one here (within the hour):</p><p><a href="${escapeHtml(link)}">Choose a new password</a></p><p>If it was not you, ignore this mail: your password stays as it is.</p>`,
  });
};
