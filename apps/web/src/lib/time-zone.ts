// The site's time zone: it cuts every day and week of the figures, and every time on screen is
// read in it, whatever zone the browser is in. Named beside each period and time, so nobody takes
// "Mon 16" or "3:00 PM" for their own zone's.
import { useAgentStore } from '@/stores/agent-store';

/** The zone of the site signed in to (UTC before the profile has arrived). */
export function useSiteTimeZone(): string {
  return useAgentStore((s) => s.site?.TimeZone ?? 'UTC');
}

/**
 * The zone's short name at an instant, in the reader's language ("EST" in New York in winter,
 * "GMT+1" for Madrid in English); the name changes with daylight saving time, hence the instant.
 */
export function shortZoneName(timeZone: string, locale: string, at: Date = new Date()): string {
  const part = new Intl.DateTimeFormat(locale, { timeZone, timeZoneName: 'short' })
    .formatToParts(at)
    .find((p) => p.type === 'timeZoneName');
  return part?.value ?? timeZone;
}
