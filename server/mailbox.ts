// The local mailbox: every email the auth server "sends" is kept here (in memory, newest first on
// read) and printed to the log, so sign-in works by hand and in tests without any mail server.
//   GET    /_inbox                          HTML list
//   GET    /_inbox/api/messages?to=<email>  JSON [{ id, to, subject, text, html, links, created_at }]
//   DELETE /_inbox/api/messages[?to=<email>]
import { randomUUID } from 'node:crypto';
import { Hono } from 'hono';
import { html, raw } from 'hono/html';

export interface MailMessage {
  id: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Every link in the message, in order of appearance. */
  links: string[];
  created_at: string;
}

export interface OutgoingMail {
  to: string;
  subject: string;
  /** Paragraphs of plain text; links are given separately and appear in order after their intro. */
  lines: string[];
  links: { intro: string; url: string }[];
}

/** Older messages are dropped beyond this, so a long-running dev server does not grow forever. */
const MAX_MESSAGES = 500;

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
}

export class Mailbox {
  private readonly messages: MailMessage[] = [];

  constructor(private readonly log: (line: string) => void) {}

  send(mail: OutgoingMail): MailMessage {
    const text = [...mail.lines, ...mail.links.map((link) => `${link.intro}\n${link.url}`)].join('\n\n');
    const htmlBody = [
      ...mail.lines.map((line) => `<p>${escapeHtml(line)}</p>`),
      ...mail.links.map(
        (link) =>
          `<p>${escapeHtml(link.intro)}<br><a href="${escapeHtml(link.url)}">${escapeHtml(link.url)}</a></p>`,
      ),
    ].join('\n');
    const message: MailMessage = {
      id: randomUUID(),
      to: mail.to,
      subject: mail.subject,
      text,
      html: htmlBody,
      links: mail.links.map((link) => link.url),
      created_at: new Date().toISOString(),
    };
    this.messages.push(message);
    if (this.messages.length > MAX_MESSAGES) this.messages.shift();
    // The link is a credential: the log names the mail, the mailbox shows it.
    this.log(`mail to ${message.to}: ${message.subject} (open it in the mailbox, /_inbox)`);
    return message;
  }

  /** Newest first, optionally only those addressed to `to` (case-insensitive). */
  list(to?: string): MailMessage[] {
    const wanted = to?.trim().toLowerCase();
    return this.messages.filter((message) => !wanted || message.to.toLowerCase() === wanted).reverse();
  }

  clear(to?: string): void {
    const wanted = to?.trim().toLowerCase();
    for (let i = this.messages.length - 1; i >= 0; i--) {
      if (!wanted || this.messages[i]?.to.toLowerCase() === wanted) this.messages.splice(i, 1);
    }
  }

  routes(): Hono {
    const app = new Hono();
    app.get('/_inbox/api/messages', (c) => c.json(this.list(c.req.query('to'))));
    app.delete('/_inbox/api/messages', (c) => {
      this.clear(c.req.query('to'));
      return c.json({});
    });
    app.get('/_inbox', (c) => {
      const messages = this.list(c.req.query('to'));
      return c.html(html`<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>Local mailbox</title>
<style>body{font:16px/1.5 system-ui,sans-serif;max-width:50rem;margin:2rem auto;padding:0 1rem}
article{border:1px solid #bbb;border-radius:.5rem;padding:1rem;margin:1rem 0}
h2{font-size:1.1rem;margin:0}.meta{color:#444;font-size:.9rem}</style></head>
<body>
<h1>Local mailbox</h1>
<p>${messages.length} message(s). Emails sent by the local auth server appear here, newest first.</p>
${messages.map(
  (m) => html`<article>
<h2>${m.subject}</h2>
<p class="meta">To ${m.to} · ${m.created_at}</p>
${raw(m.html)}
</article>`,
)}
</body>
</html>`);
    });
    return app;
  }
}
