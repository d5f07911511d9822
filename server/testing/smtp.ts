// A real SMTP server for the mail tests (the smtp-server package): every message it receives, with its recipients;
// it can be told to cut the next deliveries mid-message. And a received mail read as a person reads it.
import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";

export type Mail = { to: string[]; raw: string };

export class Mailbox {
  readonly received: Mail[] = [];
  /** How many deliveries to drop mid-message (the connection is destroyed while the DATA is arriving). */
  drop = 0;
  private readonly smtp: SMTPServer = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onData: (stream, session, done) => {
      let raw = "";
      stream.on("data", (d) => {
        raw += String(d);
        if (this.drop > 0) {
          // the server goes away while the message is arriving: every connection's socket is cut
          this.drop--;
          for (const c of (this.smtp as unknown as { connections: Set<{ _socket: { destroy(): void } }> })
            .connections)
            c._socket.destroy();
          raw = "";
        }
      });
      stream.on("end", () => {
        if (!raw) return done(new Error("cut"));
        this.received.push({ to: session.envelope.rcptTo.map((r) => r.address), raw });
        done();
      });
    },
  });

  /** Listens on a free port of 127.0.0.1; its URL, as SMTP_URL names it. */
  async listen(): Promise<string> {
    await new Promise<void>((r) => this.smtp.listen(0, "127.0.0.1", () => r()));
    return `smtp://127.0.0.1:${(this.smtp.server.address() as AddressInfo).port}`;
  }

  close(): Promise<void> {
    return new Promise<void>((r) => this.smtp.close(() => r()));
  }
}

/** A mail's plain-text part, decoded (quoted-printable or base64), as the person reads it. */
export function plainText(raw: string): string {
  const start = raw.indexOf("Content-Type: text/plain");
  const part = raw.slice(start).split(/\r?\n--/)[0]!;
  const [head, ...body] = part.split(/\r?\n\r?\n/);
  const text = body.join("\r\n\r\n");
  if (/Content-Transfer-Encoding: base64/i.test(head!)) return Buffer.from(text, "base64").toString("utf8");
  if (!/Content-Transfer-Encoding: quoted-printable/i.test(head!)) return text;
  const bytes = text
    .replace(/=\r?\n/g, "")
    .replace(/=([0-9A-F]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16)));
  return Buffer.from(bytes, "latin1").toString("utf8");
}
