// Where a request came from, for the audit and log-in records (issue 20): the address, its country
// (only from a trusted proxy's header: no address database ships with the product), a short device
// label from the user agent, and, once the caller is known, whether an agent acts for a sub-agent.
// Entered for every request (app.ts), so a repository deep in a service reads it without plumbing.
import { AsyncLocalStorage } from 'node:async_hooks';
import type { FastifyRequest } from 'fastify';

export interface RequestOrigin {
  ip: string;
  /** ISO 3166 alpha-2, upper case, or null when no trusted proxy said. */
  country: string | null;
  /** "Chrome (Android)", "Safari (iOS)", …: no word of any language; null without a user agent. */
  device: string | null;
  requestId: string;
  /** Set once an agent's session is resolved: the agent signed in and the one whose view it is. */
  selfAgentId?: number;
  viewAgentId?: number;
}

export const requestOrigin = new AsyncLocalStorage<RequestOrigin>();

/** The request's origin, or one for work no request started (a worker, a command). */
export function currentOrigin(): RequestOrigin | undefined {
  return requestOrigin.getStore();
}

const COUNTRY = /^[A-Z]{2}$/;

/** The origin of a request: `countryHeader` is read only when the proxy in front is trusted. */
export function originOf(request: FastifyRequest, countryHeader: string | null): RequestOrigin {
  const raw = countryHeader ? request.headers[countryHeader] : undefined;
  const country = typeof raw === 'string' ? raw.trim().toUpperCase() : '';
  return {
    ip: request.ip,
    country: COUNTRY.test(country) && country !== 'XX' ? country : null,
    device: deviceLabel(request.headers['user-agent']),
    requestId: String(request.id),
  };
}

const BROWSERS: [RegExp, string][] = [
  [/Edg(e|A|iOS)?\//, 'Edge'],
  [/OPR\/|Opera/, 'Opera'],
  [/SamsungBrowser\//, 'Samsung Internet'],
  [/Firefox\/|FxiOS\//, 'Firefox'],
  [/Chrome\/|CriOS\/|Chromium\//, 'Chrome'],
  [/Safari\//, 'Safari'],
];
const SYSTEMS: [RegExp, string][] = [
  [/iPhone|iPad|iPod/, 'iOS'],
  [/Android/, 'Android'],
  [/Windows/, 'Windows'],
  [/Mac OS X|Macintosh/, 'macOS'],
  [/CrOS/, 'ChromeOS'],
  [/Linux/, 'Linux'],
];

/** A person's name for a user agent: browser on system, or the agent's first word (a script). */
export function deviceLabel(userAgent: string | undefined): string | null {
  const ua = userAgent?.trim();
  if (!ua) return null;
  const browser = BROWSERS.find(([re]) => re.test(ua))?.[1];
  const system = SYSTEMS.find(([re]) => re.test(ua))?.[1];
  if (browser && system) return `${browser} (${system})`;
  if (browser || system) return (browser ?? system)!;
  return ua.split(/[\s/]/)[0]!.slice(0, 40) || null;
}
