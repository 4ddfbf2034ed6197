import type { SharedGroup } from '@backline/contract/reports/shared-devices';
import { useTranslation } from 'react-i18next';
import { DataTable, type DataColumn } from '@/components/ui/data-table';
import { DateTime } from '@/components/ui/date-time';
import { PlayerLink } from '@/components/ui/player-link';
import { formatCount } from '@/lib/format';
import { useSiteTimeZone } from '@/lib/time-zone';
import type { SharedDevicesReport } from '../api/get-shared-devices';

interface SharedDevicesTableProps {
  report: SharedDevicesReport;
  locale: string;
  caption: string;
  fetching: boolean;
}

const keyOf = (g: SharedGroup) => `${g.Kind}:${g.Label}`;

export function SharedDevicesTable({ report, locale, caption, fetching }: SharedDevicesTableProps) {
  const { t } = useTranslation();
  const timeZone = useSiteTimeZone();
  const when = (instant: string) => (
    <DateTime instant={instant} locale={locale} timeZone={timeZone} />
  );
  const columns: DataColumn<SharedGroup>[] = [
    {
      id: 'shared',
      header: t('sharedDevices.columns.shared'),
      className: 'col-player',
      cell: (g) => (
        <span className="shared-devices__key">
          <span className="shared-devices__kind">{t(`sharedDevices.kinds.${g.Kind}`)}</span>
          <span className="shared-devices__label">
            {g.Kind === 'device' ? `#${g.Label}` : g.Label}
          </span>
        </span>
      ),
      sortValue: keyOf,
    },
    {
      id: 'players',
      header: t('sharedDevices.columns.players'),
      className: 'shared-devices__players',
      descFirst: true,
      cell: (g) => (
        <ul className="shared-devices__list">
          {g.Players.map((p) => (
            <li key={p.IdPlayer}>
              <PlayerLink idPlayer={p.IdPlayer} login={p.Player} name={p.Name} to="page" />
              <span className="shared-devices__agent">
                {t('sharedDevices.ofAgent', {
                  agent: p.Agent,
                  count: p.LogIns,
                  formatted: formatCount(p.LogIns, locale),
                })}
              </span>
            </li>
          ))}
        </ul>
      ),
      sortValue: (g) => g.Players.length,
    },
    {
      id: 'logIns',
      header: t('sharedDevices.columns.logIns'),
      className: 'num',
      descFirst: true,
      cell: (g) => formatCount(g.LogIns, locale),
      sortValue: (g) => g.LogIns,
    },
    {
      id: 'firstAt',
      header: t('sharedDevices.columns.firstAt'),
      className: 'when',
      cell: (g) => when(g.FirstAt),
      sortValue: (g) => g.FirstAt,
    },
    {
      id: 'lastAt',
      header: t('sharedDevices.columns.lastAt'),
      className: 'when',
      descFirst: true,
      cell: (g) => when(g.LastAt),
      sortValue: (g) => g.LastAt,
    },
  ];
  return (
    <DataTable
      rows={report.Groups}
      columns={columns}
      caption={caption}
      getRowId={keyOf}
      locale={locale}
      className="shared-devices-table"
      initialSort={{ id: 'players', desc: true }}
      fetching={fetching}
      // Groups hold several players each: rows of their own height, never virtualised.
      virtualizeFrom={Number.POSITIVE_INFINITY}
    />
  );
}
