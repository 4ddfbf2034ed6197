// Development only: the outbox as a page, so a person (or a browser test) can read the mail sent.
import type { FastifyInstance } from 'fastify';
import type { OutboxMailDbRow } from './outbox-repository.ts';

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** `latest` reads the newest mail of the outbox (outbox-repository.ts), newest first. */
export function outboxRoutes(
  app: FastifyInstance,
  latest: (limit: number) => Promise<OutboxMailDbRow[]>,
): void {
  app.get('/dev/outbox', { schema: { hide: true } }, async (_request, reply) => {
    const rows = await latest(50);
    const items = rows
      .map(
        (m) =>
          `<article><h2>${escapeHtml(m.subject)}</h2><p>To: <span class="to">${escapeHtml(m.to)}</span> · ${m.created_at}</p><pre>${escapeHtml(m.text)}</pre></article>`,
      )
      .join('');
    return reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .send(
        `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Outbox</title></head><body><main><h1>Outbox</h1>${items || '<p>No mail yet.</p>'}</main></body></html>`,
      );
  });
}
