// The one place the web app reads its build-time environment; everything else imports `env`.
import { DEFAULT_BASES, type ApiBase } from '@backline/contract/core/endpoint';

function base(value: string | undefined, fallback: string, name: string): string {
  const raw = value?.trim() || fallback;
  if (!/^(\/|https?:\/\/)/.test(raw)) {
    throw new Error(`${name} must be an absolute path or an http(s) URL, got "${raw}"`);
  }
  // Paths are joined to the base, so a missing trailing slash would drop its last segment.
  return raw.endsWith('/') ? raw : `${raw}/`;
}

export const env = {
  buildLabel: import.meta.env.BUILD_LABEL,
  apiBases: {
    core: base(import.meta.env.VITE_CORE_API_BASE, DEFAULT_BASES.core, 'VITE_CORE_API_BASE'),
    reports: base(
      import.meta.env.VITE_REPORTS_API_BASE,
      DEFAULT_BASES.reports,
      'VITE_REPORTS_API_BASE',
    ),
    assets: `${import.meta.env.BASE_URL}assets/`,
  } satisfies Record<ApiBase, string>,
} as const;
