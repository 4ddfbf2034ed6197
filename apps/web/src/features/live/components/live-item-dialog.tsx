import type { LiveItem } from '@backline/contract/calls/live';
import { formatMoney } from '@backline/contract/core/money';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DateTime } from '@/components/ui/date-time';
import { Dialog } from '@/components/ui/dialog';
import { Money } from '@/components/ui/money-cell';
import { Term } from '@/components/ui/term';
import { paths } from '@/config/paths';
import { useSiteTimeZone } from '@/lib/time-zone';
import { Badges } from './badges';

interface LiveItemDialogProps {
  item: LiveItem;
  big: boolean;
  locale: string;
  onClose: () => void;
}

/** A ticker wager's detail, from what the stream sent, with the way to its player's page. */
export function LiveItemDialog({ item, big, locale, onClose }: LiveItemDialogProps) {
  const { t } = useTranslation();
  const timeZone = useSiteTimeZone();
  const money = (minor: number) => formatMoney(minor, item.Currency, locale);
  const rows: [string, ReactNode][] = [
    [t('live.detail.kind'), t(`live.kinds.${item.Kind}`)],
    [
      t('live.detail.at'),
      <DateTime key="at" instant={item.At} locale={locale} timeZone={timeZone} />,
    ],
    [t('fields.idPlayer'), item.Player],
    [t('fields.idAgent'), item.Agent],
    [t('fields.wagerType'), t(`wagerTypes.${item.WagerType}`)],
    [t('fields.sport'), t(`sports.${item.Sport}`)],
    [t('live.detail.description'), item.Description],
    [t('live.risk'), money(item.Risk)],
    [t('live.toWin'), money(item.ToWin)],
    [
      t('live.detail.result'),
      item.Kind === 'voided' ? t('live.void') : t(`betResults.${item.Result}`),
    ],
    [
      t('live.detail.amount'),
      <Money key="amount" minor={item.Amount} currency={item.Currency} locale={locale} />,
    ],
    [t('live.freePlay'), item.FreePlay ? t('live.detail.yes') : t('live.detail.no')],
  ];
  return (
    <Dialog title={t('live.detail.title', { ticket: item.Ticket })} onClose={onClose}>
      <Badges item={item} big={big} />
      <dl className="live-detail">
        {rows.map(([label, value]) => (
          <Term key={label} label={label}>
            {value}
          </Term>
        ))}
      </dl>
      <div className="dialog__actions">
        <Link className="button" to={`${paths.player}?idPlayer=${item.IdPlayer}`}>
          {t('live.detail.player')}
        </Link>
      </div>
    </Dialog>
  );
}
