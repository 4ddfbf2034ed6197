// The weekly sheet as a mail in the agent's language: its own row of its parent's sheet (when it has
// a parent), then its sheet's rows and totals (agent, owed, paid, balance forward, status), money in
// the site's currency as its language writes it; the xlsx of the same sheet goes along. The sheet's
// words are the web page's own (one copy of every text, as the exports read them).
import { formatMoney, type MasterSheetResponse, type SheetRow } from '@backline/contract';
import en from '../../../../web/public/assets/i18n/en.json' with { type: 'json' };
import es from '../../../../web/public/assets/i18n/es.json' with { type: 'json' };
import type { Mail } from '../../mail/mailer.ts';
import { escapeHtml, langOf } from '../../mail/messages.ts';
import { LOCALES } from '../../export/export-labels.ts';

type Lang = ReturnType<typeof langOf>;

const SHEET_WORDS: Record<Lang, typeof en.masterSheet> = { en: en.masterSheet, es: es.masterSheet };

/** The mail's own sentences. */
const WORDS: Record<Lang, { own: string; rows: string; attached: string }> = {
  en: {
    own: 'Your row on your parent’s sheet',
    rows: 'Your sub-agents',
    attached: 'The whole sheet is attached as a spreadsheet.',
  },
  es: {
    own: 'Su fila en la hoja de su agente superior',
    rows: 'Sus subagentes',
    attached: 'La hoja completa va adjunta como hoja de cálculo.',
  },
};

type Figures = Pick<SheetRow, 'Owed' | 'Paid' | 'BalanceForward'> & { Status?: SheetRow['Status'] };

export function sheetMail(
  language: string,
  mail: { siteId: number; to: string },
  sheet: MasterSheetResponse,
  xlsx: { filename: string; contentType: string; content: Buffer },
): Mail {
  const lang = langOf(language);
  const sw = SHEET_WORDS[lang];
  const locale = LOCALES[lang];
  const c = sw.columns;
  const words = WORDS[lang];
  const money = (minor: number) => formatMoney(minor, sheet.Currency, locale);
  const day = (iso: string) =>
    new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' }).format(
      new Date(`${iso}T00:00:00Z`),
    );
  const period = `${day(sheet.StartDate)} – ${day(sheet.EndDate)}`;
  const subject = `${sw.title}: ${sheet.Agent}, ${period}`;

  const head = [c.agent, c.owed, c.paid, c.balanceForward, c.status];
  const cells = (agent: string, f: Figures) => [
    agent,
    money(f.Owed),
    money(f.Paid),
    money(f.BalanceForward),
    f.Status ? sw.status[f.Status] : '',
  ];
  const rows = sheet.Rows.map((r) => cells(r.Agent, r));
  const total = cells(sw.totals, sheet.Totals);

  const tr = (values: string[], tag: 'td' | 'th') =>
    `<tr>${values
      .map(
        (v, i) =>
          `<${tag} style="padding:4px 8px;text-align:${i === 0 || i === 4 ? 'left' : 'right'}">${escapeHtml(v)}</${tag}>`,
      )
      .join('')}</tr>`;
  const table = (body: string[][], foot: string[] | null) =>
    `<table style="border-collapse:collapse"><thead>${tr(head, 'th')}</thead><tbody>${body
      .map((r) => tr(r, 'td'))
      .join('')}</tbody>${foot ? `<tfoot>${tr(foot, 'th')}</tfoot>` : ''}</table>`;

  const html: string[] = [
    `<h2>${escapeHtml(sw.title)}</h2>`,
    `<p>${escapeHtml(`${c.agent}: ${sheet.Agent}`)}<br>${escapeHtml(`${sw.week.label}: ${period}`)}</p>`,
  ];
  const text: string[] = [sw.title, `${c.agent}: ${sheet.Agent}`, `${sw.week.label}: ${period}`];
  const line = (values: string[]) => values.filter((v) => v !== '').join(' | ');
  if (sheet.Own) {
    const own = cells(sheet.Own.Agent, sheet.Own);
    html.push(`<h3>${escapeHtml(words.own)}</h3>`, table([own], null));
    text.push('', words.own, line(head), line(own));
  }
  html.push(`<h3>${escapeHtml(words.rows)}</h3>`);
  text.push('', words.rows);
  if (rows.length === 0) {
    html.push(`<p>${escapeHtml(sw.empty)}</p>`);
    text.push(sw.empty);
  } else {
    html.push(table(rows, total));
    text.push(line(head), ...rows.map(line), line(total));
  }
  html.push(`<p>${escapeHtml(words.attached)}</p>`);
  text.push('', words.attached);

  return {
    siteId: mail.siteId,
    to: mail.to,
    subject,
    text: text.join('\n'),
    html: `<!doctype html><html><body style="font-family:sans-serif">${html.join('')}</body></html>`,
    attachments: [xlsx],
  };
}
