// The mail the product sends, in the account's language (en or es), as text and HTML.
import type { Mail } from './mailer.ts';

type Lang = 'en' | 'es';
type Message = { subject: string; lines: string[]; link?: { href: string; label: string } };

export const langOf = (language: string | null | undefined): Lang =>
  language === 'es' ? 'es' : 'en';

export const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function render(siteId: number | null, to: string, m: Message): Mail {
  const text = [...m.lines, ...(m.link ? ['', m.link.href] : [])].join('\n');
  const body = m.lines.map((l) => `<p>${escapeHtml(l)}</p>`).join('');
  const link = m.link
    ? `<p><a href="${escapeHtml(m.link.href)}">${escapeHtml(m.link.label)}</a></p>`
    : '';
  const html = `<!doctype html><html><body style="font-family:sans-serif">${body}${link}</body></html>`;
  return { siteId, to, subject: m.subject, text, html };
}

export function passwordCodeMail(
  lang: Lang,
  siteId: number,
  to: string,
  code: string,
  minutes: number,
): Mail {
  return render(
    siteId,
    to,
    lang === 'es'
      ? {
          subject: 'Su código para cambiar la contraseña',
          lines: [
            `Su código es ${code}.`,
            `Vence en ${minutes} minutos y sirve una sola vez.`,
            'Si no lo pidió, ignore este mensaje.',
          ],
        }
      : {
          subject: 'Your code to change your password',
          lines: [
            `Your code is ${code}.`,
            `It expires in ${minutes} minutes and works once.`,
            'If you did not ask for it, ignore this message.',
          ],
        },
  );
}

/** The words of a mail that hands over a one-time link to sign in and choose a password. */
interface LinkWords {
  subject: string;
  opening: string;
  label: string;
}

/** A mail handing over a one-time link to sign in and choose a password, in the words given. */
function passwordLinkMail(words: (login: string) => Record<Lang, LinkWords>) {
  return (
    lang: Lang,
    siteId: number,
    to: string,
    login: string,
    href: string,
    hours: number,
  ): Mail => {
    const { subject, opening, label } = words(login)[lang];
    const how =
      lang === 'es'
        ? `Abra el enlace para entrar y elegir su contraseña. Vence en ${hours} horas y sirve una sola vez.`
        : `Open the link to sign in and choose your password. It expires in ${hours} hours and works once.`;
    return render(siteId, to, { subject, lines: [opening, how], link: { href, label } });
  };
}

export const accessLinkMail = passwordLinkMail((login) => ({
  es: {
    subject: 'Su acceso en línea',
    opening: `Acceso en línea para ${login}.`,
    label: 'Entrar y elegir mi contraseña',
  },
  en: {
    subject: 'Your online access',
    opening: `Online access for ${login}.`,
    label: 'Sign in and choose my password',
  },
}));

export const signUpApprovedMail = passwordLinkMail((login) => ({
  es: {
    subject: 'Su solicitud de agente fue aprobada',
    opening: `Bienvenido. Su usuario es ${login}.`,
    label: 'Elegir mi contraseña',
  },
  en: {
    subject: 'Your agent application was approved',
    opening: `Welcome. Your login is ${login}.`,
    label: 'Choose my password',
  },
}));

export function signUpRejectedMail(lang: Lang, siteId: number, to: string): Mail {
  return render(
    siteId,
    to,
    lang === 'es'
      ? {
          subject: 'Su solicitud de agente',
          lines: ['Gracias por su interés. Esta vez no podemos aprobar su solicitud.'],
        }
      : {
          subject: 'Your agent application',
          lines: ['Thank you for your interest. We cannot approve your application this time.'],
        },
  );
}
