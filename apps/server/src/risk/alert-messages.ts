// The words of an alert in its agent's language (en or es): the bell's title and body, the mail
// (mail/messages.ts's shape) and the chat webhook's one line. Built from the alert's stored details,
// so a retry says exactly what the first attempt said.
import { formatMoney } from '@backline/contract';
import { LOCALES } from '../export/export-labels.ts';
import { escapeHtml, langOf } from '../mail/messages.ts';
import type { Mail } from '../mail/mailer.ts';

type Lang = 'en' | 'es';

/** What an alert keeps in alerts.details to be worded later. */
export type AlertDetails = {
  Currency: string;
  Player?: string;
  Ticket?: string;
  Description?: string;
  Game?: string;
  Market?: string;
  Prop?: string;
  Side?: string;
  Day?: string;
  Direction?: 'win' | 'loss';
};

export interface AlertWords {
  title: string;
  body: string;
}

interface Alert {
  kind: string;
  figure: number;
  threshold: number | null;
  details: AlertDetails;
}

const MARKETS: Record<Lang, Record<string, string>> = {
  en: { spread: 'spread', total: 'total', moneyline: 'money line', prop: 'prop' },
  es: { spread: 'hándicap', total: 'total', moneyline: 'línea de dinero', prop: 'prop' },
};

const SIDES: Record<Lang, Record<string, string>> = {
  en: {
    home: 'home',
    away: 'away',
    draw: 'draw',
    over: 'over',
    under: 'under',
    yes: 'yes',
    no: 'no',
  },
  es: {
    home: 'local',
    away: 'visitante',
    draw: 'empate',
    over: 'más',
    under: 'menos',
    yes: 'sí',
    no: 'no',
  },
};

const WATCHED_OR_SHARP = {
  en: { watched: 'Watched player', sharp: 'Sharp player' },
  es: { watched: 'Jugador vigilado', sharp: 'Jugador sharp' },
};

export function alertWords(language: string | null | undefined, a: Alert): AlertWords {
  const lang = langOf(language);
  const d = a.details;
  const money = (minor: number) => formatMoney(minor, d.Currency, LOCALES[lang]);
  const threshold = a.threshold === null ? '' : money(a.threshold);
  const wager = `${d.Player ?? ''} #${d.Ticket ?? ''}${d.Description ? ` (${d.Description})` : ''}`;
  const es = lang === 'es';
  switch (a.kind) {
    case 'wager_risk':
      return es
        ? {
            title: `Apuesta grande: ${d.Player} arriesga ${money(a.figure)}`,
            body: `${wager} arriesga ${money(a.figure)}, umbral ${threshold}.`,
          }
        : {
            title: `Big wager: ${d.Player} risks ${money(a.figure)}`,
            body: `${wager} risks ${money(a.figure)}, threshold ${threshold}.`,
          };
    case 'day_result': {
      const win = d.Direction === 'win';
      return es
        ? {
            title: `${d.Player} ${win ? 'gana' : 'pierde'} ${money(Math.abs(a.figure))} hoy`,
            body: `Resultado del día ${d.Day} de ${d.Player}: ${money(a.figure)}, umbral ${threshold}.`,
          }
        : {
            title: `${d.Player} ${win ? 'wins' : 'loses'} ${money(Math.abs(a.figure))} today`,
            body: `${d.Player}'s result on ${d.Day}: ${money(a.figure)}, threshold ${threshold}.`,
          };
    }
    case 'side_exposure': {
      const market = MARKETS[lang][d.Market ?? ''] ?? d.Market ?? '';
      const side = SIDES[lang][d.Side ?? ''] ?? d.Side ?? '';
      const where = `${d.Game} · ${market}${d.Prop ? ` ${d.Prop}` : ''} · ${side}`;
      return es
        ? {
            title: `Exposición: ${d.Game}, ${side}`,
            body: `Si gana ${where}, la casa pierde ${money(-a.figure)} (umbral ${threshold}).`,
          }
        : {
            title: `Exposure: ${d.Game}, ${side}`,
            body: `If ${where} wins, the book loses ${money(-a.figure)} (threshold ${threshold}).`,
          };
    }
    default: {
      // A wager of a watched or a sharp player: the same words but for who the player is.
      const who = WATCHED_OR_SHARP[lang][a.kind === 'watched_wager' ? 'watched' : 'sharp'];
      return es
        ? {
            title: `${who}: ${d.Player} apostó ${money(a.figure)}`,
            body: `${wager} arriesga ${money(a.figure)}.`,
          }
        : {
            title: `${who}: ${d.Player} bet ${money(a.figure)}`,
            body: `${wager} risks ${money(a.figure)}.`,
          };
    }
  }
}

/** The alert by e-mail, to the agent's own address. */
export function alertMail(
  language: string | null | undefined,
  siteId: number,
  to: string,
  a: Alert,
): Mail {
  const { title, body } = alertWords(language, a);
  const lead =
    langOf(language) === 'es'
      ? 'Backline le avisa según los umbrales de alerta de su cuenta.'
      : 'Backline alerts you as your account’s alert thresholds ask.';
  return {
    siteId,
    to,
    subject: title,
    text: [body, '', lead].join('\n'),
    html: `<!doctype html><html><body style="font-family:sans-serif"><p><strong>${escapeHtml(
      title,
    )}</strong></p><p>${escapeHtml(body)}</p><p>${escapeHtml(lead)}</p></body></html>`,
  };
}

/** The chat webhook's message (Slack and Mattermost incoming webhooks both take {"text"}). */
export function alertChatText(language: string | null | undefined, a: Alert): string {
  const { title, body } = alertWords(language, a);
  return `*${title}*\n${body}`;
}
