// Security headers on every response; pages may be framed only by the site's own allowed origins,
// and only a sign-up page lets in its site's captcha provider, by exactly the provider's origins.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../db/query.ts';
import { findSite } from '../sign-up/sign-up-repository.ts';
import { siteCaptcha, type CaptchaEndpoints } from '../sign-up/captcha.ts';

/** Hash sources of the inline scripts and styles of the page answered (the log-in shell's). */
export interface InlineSources {
  script: string;
  style: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    inlineSources: InlineSources | null;
  }
}

export const SITE_COOKIE = 'bl_site';
const CACHE_MS = 60_000;
const SOURCE = /^(https?:\/\/)([a-z0-9.-]+|\[[0-9a-f:]+\])(:(\d{1,5}|\*))?$/i;

/** The site a page request belongs to: ?SiteId on first load, then the site cookie. */
export function siteOfPage(request: FastifyRequest): number | null {
  const fromQuery = (request.query as Record<string, unknown> | undefined)?.SiteId;
  const raw = typeof fromQuery === 'string' ? fromQuery : request.cookies[SITE_COOKIE];
  return raw && /^\d{1,9}$/.test(raw) ? Number(raw) : null;
}

/** On every answer, whatever it is. */
export const EVERY_ANSWER: Readonly<Record<string, string>> = {
  'strict-transport-security': 'max-age=31536000; includeSubDomains',
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'cross-origin-opener-policy': 'same-origin-allow-popups',
  'permissions-policy': 'camera=(), microphone=(), geolocation=(), payment=()',
};

/** On API answers: never cached, never framed, nothing in them to run. */
export const API_ANSWER: Readonly<Record<string, string>> = {
  'cache-control': 'no-store',
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
};

/** The pages with the sign-up form, the only ones that load a captcha widget. */
const SIGN_UP_PAGES = new Set(['/AgentSignUp', '/AgentSignUpGeneric']);
const CAPTCHA_SOURCE = /^https?:\/\/(\*\.)?([a-z0-9.-]+|\[[0-9a-f:]+\])(:\d{1,5})?$/i;

interface PagePolicy {
  at: number;
  ancestors: string;
  /** The site's captcha provider's origins, for its sign-up pages ('' when it has none). */
  captcha: string;
}

export function securityHeaders(
  app: FastifyInstance,
  db: Db,
  apiPrefixes: string[],
  captchaAt: CaptchaEndpoints,
): void {
  const cache = new Map<number, PagePolicy>();
  app.decorateRequest('inlineSources', null);

  async function policyOf(siteId: number | null): Promise<Omit<PagePolicy, 'at'>> {
    if (siteId === null) return { ancestors: "'self'", captcha: '' };
    const hit = cache.get(siteId);
    if (hit && Date.now() - hit.at < CACHE_MS) return hit;
    const site = await findSite(db, siteId);
    // Only well-formed origins reach the header, so a bad row can never widen it or inject a directive.
    const origins = (site?.allowedOrigins ?? []).filter((o) => SOURCE.test(o));
    const captcha = site ? siteCaptcha(site, captchaAt) : null;
    const policy = {
      at: Date.now(),
      ancestors: ["'self'", ...origins].join(' '),
      captcha: (captcha?.origins ?? []).filter((o) => CAPTCHA_SOURCE.test(o)).join(' '),
    };
    cache.set(siteId, policy);
    return policy;
  }

  app.addHook('onSend', async (request, reply, payload) => {
    const path = request.url.split('?')[0] ?? '';
    const isApi = apiPrefixes.some((p) => path.startsWith(p));
    reply.headers(EVERY_ANSWER);
    if (isApi && !path.startsWith('/api/docs')) {
      reply.headers(API_ANSWER);
      return payload;
    }
    if (path.startsWith('/api/docs')) {
      reply.header('cache-control', 'no-store');
      return payload;
    }
    const { ancestors, captcha } = await policyOf(siteOfPage(request));
    // The widget's script, frame, styles and calls: on the sign-up pages of a site with captcha only.
    const widget = captcha && SIGN_UP_PAGES.has(path) ? ` ${captcha}` : '';
    const inline = (kind: keyof InlineSources) =>
      request.inlineSources?.[kind] ? ` ${request.inlineSources[kind]}` : '';
    reply.header(
      'content-security-policy',
      [
        "default-src 'self'",
        `script-src 'self'${widget}${inline('script')}`,
        `style-src 'self'${widget}${inline('style')}`,
        "img-src 'self' data:",
        "font-src 'self'",
        `connect-src 'self'${widget}`,
        `frame-src 'self'${widget}`,
        "object-src 'none'",
        "base-uri 'self'",
        "form-action 'self'",
        `frame-ancestors ${ancestors}`,
      ].join('; '),
    );
    return payload;
  });
}
