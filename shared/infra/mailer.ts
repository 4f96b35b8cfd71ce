import nodemailer, { type Transporter } from 'nodemailer';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
}

export interface Mailer {
  send(msg: MailMessage): Promise<void>;
  close(): void;
}

/** SMTP through nodemailer (`SMTP_URL`, e.g. `smtp://user:pass@host:587`; `smtps://` for implicit TLS). */
export function createMailer(smtpUrl: string, from: string): Mailer {
  let transport: Transporter | undefined;
  const get = () => (transport ??= nodemailer.createTransport(smtpUrl));
  return {
    async send(msg) {
      await get().sendMail({ from, to: msg.to, subject: msg.subject, text: msg.text });
    },
    close() {
      transport?.close();
    },
  };
}
