/**
 * Mail through the mail parameters (C-MAIL: mailer_host, mailer_port, mailer_encryption, mailer_user,
 * mailer_pass, mailer_from_address, mailer_from_name, mailer_subject), read at each send so a change
 * in the editor applies at once. Not configured (no host or no sender address): nothing is sent and
 * the caller is told so. Encryption: 'ssl' is TLS from the first byte (port 465), 'tls' requires
 * STARTTLS, anything else ('none', '') talks plain SMTP (a local relay).
 */
import nodemailer from 'nodemailer';
import type { Db } from '../db/database';
import { mailParameter } from '../db/schema';

export interface MailMessage {
  to: string[];
  /** appended to the mailer_subject prefix */
  subject: string;
  text: string;
}

export type MailOutcome = { sent: true; accepted: string[] } | { sent: false; reason: 'notConfigured' | 'noRecipients' };

async function mailSettings(db: Db): Promise<Record<string, string>> {
  const rows = await db.select({ key: mailParameter.key, value: mailParameter.value }).from(mailParameter);
  return Object.fromEntries(rows.map((r) => [r.key, r.value.trim()]));
}

/** Sends one message to its recipients; throws when the SMTP server refuses or cannot be reached. */
export async function sendMail(db: Db, message: MailMessage): Promise<MailOutcome> {
  if (message.to.length === 0) return { sent: false, reason: 'noRecipients' };
  const p = await mailSettings(db);
  const host = p.mailer_host ?? '';
  const from = p.mailer_from_address ?? '';
  if (!host || !from) return { sent: false, reason: 'notConfigured' };
  const encryption = (p.mailer_encryption ?? '').toLowerCase();
  const port = Number(p.mailer_port) || (encryption === 'ssl' ? 465 : 587);
  const transport = nodemailer.createTransport({
    host,
    port,
    secure: encryption === 'ssl',
    requireTLS: encryption === 'tls',
    ignoreTLS: encryption !== 'ssl' && encryption !== 'tls',
    auth: p.mailer_user ? { user: p.mailer_user, pass: p.mailer_pass ?? '' } : undefined,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 20_000,
  });
  try {
    const prefix = p.mailer_subject ? `${p.mailer_subject}: ` : '';
    const info = await transport.sendMail({
      from: p.mailer_from_name ? { name: p.mailer_from_name, address: from } : from,
      to: message.to,
      subject: `${prefix}${message.subject}`,
      text: message.text,
    });
    return { sent: true, accepted: (info.accepted as (string | { address: string })[]).map((a) => (typeof a === 'string' ? a : a.address)) };
  } finally {
    transport.close();
  }
}
