// The embedding agent site names its site with ?SiteId=; it is kept for the rest of the tab's life
// so the log-in form after a log-out (whose URL has no parameter) still knows the site.
import { LoginBody } from '@backline/contract/calls/auth';
import { STORAGE_KEYS } from '@/config/storage-keys';

const SITE_KEY = STORAGE_KEYS.siteId;
const SiteId = LoginBody.shape.SiteId;

function parse(value: string | null | undefined): number | null {
  if (value == null || value.trim() === '') return null;
  const parsed = SiteId.safeParse(value);
  return parsed.success ? parsed.data : null;
}

export function siteIdFromSearch(search: string): number | null {
  return parse(new URLSearchParams(search).get('SiteId'));
}

export function rememberSiteId(search: string): void {
  const siteId = siteIdFromSearch(search);
  if (siteId === null) return;
  try {
    sessionStorage.setItem(SITE_KEY, String(siteId));
  } catch {
    // Storage refused (sandboxed frame): the site then comes from the URL alone.
  }
}

export function rememberedSiteId(): number | null {
  try {
    return parse(sessionStorage.getItem(SITE_KEY));
  } catch {
    return null;
  }
}
