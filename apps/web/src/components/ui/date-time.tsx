import { formatDateTime, formatTime } from '@/lib/format';

interface DateTimeProps {
  instant: string;
  locale: string;
  timeZone: string;
}

/**
 * An instant as its day and its time, each kept whole: where a table is short of room its cell
 * wraps between the two (give the cell the `when` class), never inside a date.
 */
export function DateTime({ instant, locale, timeZone }: DateTimeProps) {
  const text = formatDateTime(instant, locale, timeZone);
  const time = formatTime(instant, locale, timeZone);
  const at = text.lastIndexOf(time);
  if (at <= 0) return <span className="nowrap">{text}</span>;
  return (
    <>
      <span className="nowrap">{text.slice(0, at).replace(/[\s,]+$/u, '')}</span>{' '}
      <span className="nowrap">{text.slice(at)}</span>
    </>
  );
}
