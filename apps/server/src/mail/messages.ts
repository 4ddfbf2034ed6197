// The mail the product sends, in the account's language (en or es), as text and HTML.
import type { Mail } from './mailer.ts';

type Lang = 'en' | 'es';
type Message = { subject: string; lines: string[]; link?: { href: string; label: string } };

export const langOf = (language: string | null | undefined): Lang =>
  language === 'es' ? 'es' : 'en';

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

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

export function accessLinkMail(
  lang: Lang,
  siteId: number,
  to: string,
  login: string,
  href: string,
  hours: number,
): Mail {
  return render(
    siteId,
    to,
    lang === 'es'
      ? {
          subject: 'Su acceso en línea',
          lines: [
            `Acceso en línea para ${login}.`,
            `Abra el enlace para entrar y elegir su contraseña. Vence en ${hours} horas y sirve una sola vez.`,
          ],
          link: { href, label: 'Entrar y elegir mi contraseña' },
        }
      : {
          subject: 'Your online access',
          lines: [
            `Online access for ${login}.`,
            `Open the link to sign in and choose your password. It expires in ${hours} hours and works once.`,
          ],
          link: { href, label: 'Sign in and choose my password' },
        },
  );
}

export function signUpApprovedMail(
  lang: Lang,
  siteId: number,
  to: string,
  login: string,
  href: string,
  hours: number,
): Mail {
  return render(
    siteId,
    to,
    lang === 'es'
      ? {
          subject: 'Su solicitud de agente fue aprobada',
          lines: [
            `Bienvenido. Su usuario es ${login}.`,
            `Abra el enlace para entrar y elegir su contraseña. Vence en ${hours} horas y sirve una sola vez.`,
          ],
          link: { href, label: 'Elegir mi contraseña' },
        }
      : {
          subject: 'Your agent application was approved',
          lines: [
            `Welcome. Your login is ${login}.`,
            `Open the link to sign in and choose your password. It expires in ${hours} hours and works once.`,
          ],
          link: { href, label: 'Choose my password' },
        },
  );
}

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
