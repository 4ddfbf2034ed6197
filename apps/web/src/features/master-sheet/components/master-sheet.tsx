import type { SheetRow } from '@backline/contract/reports/master-sheet';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ExportButton } from '@/components/export/export-button';
import { CheckField } from '@/components/ui/check-field';
import { ReportPage } from '@/components/ui/report-page';
import { ErrorAlert } from '@/components/ui/states';
import { formatDayRange, useLocale } from '@/lib/format';
import { useAgentStore } from '@/stores/agent-store';
import { useMasterSheet } from '../api/get-master-sheet';
import { useSetSheetEmail } from '../api/set-sheet-email';
import { CutoffDialog } from './cutoff-dialog';
import { DealDialog } from './deal-dialog';
import { DefaultsDialog } from './defaults-dialog';
import { OwnSettle } from './own-settle';
import { SettleDialog } from './settle-dialog';
import { SheetBreadcrumb } from './sheet-breadcrumb';
import { SheetTable } from './sheet-table';
import { useMasterSheetFilters } from './use-master-sheet-filters';
import { WeekBar } from './week-bar';
import './master-sheet.css';

type Open = { dialog: 'deal' | 'settle'; row: SheetRow } | { dialog: 'defaults' | 'cutoff' } | null;

export function MasterSheet() {
  const { t } = useTranslation();
  const locale = useLocale();
  const self = useAgentStore((s) => s.agent?.IdAgent);
  const rights = useAgentStore((s) => s.rights);
  // The site's master sets when the weeks close.
  const isMaster = useAgentStore((s) => s.agent?.IdParent === null);
  const [filters, setUrl] = useMasterSheetFilters();
  const query = useMasterSheet(filters);
  const sheet = query.data;
  const email = useSetSheetEmail();
  const [emailChoice, setEmailChoice] = useState<boolean | null>(null);
  const [byProduct, setByProduct] = useState(false);
  const [open, setOpen] = useState<Open>(null);
  const currency = sheet?.Currency ?? 'USD';
  const ownSheet = sheet === undefined || sheet.IdAgent === self;

  return (
    <ReportPage
      screen="masterSheet"
      query={query}
      isEmpty={(s) => s.Rows.length === 0}
      period={sheet && formatDayRange(sheet.StartDate, sheet.EndDate, locale)}
      tools={
        <>
          {rights.includes('manageAgents') && ownSheet && (
            <button
              type="button"
              className="button"
              onClick={() => setOpen({ dialog: 'defaults' })}
            >
              {t('masterSheet.defaultsAction')}
            </button>
          )}
          {rights.includes('manageAgents') && isMaster && sheet && (
            <button type="button" className="button" onClick={() => setOpen({ dialog: 'cutoff' })}>
              {t('masterSheet.cutoff.action')}
            </button>
          )}
          <ExportButton target={sheet ? { report: 'masterSheet', filters } : null} />
        </>
      }
      filters={
        sheet && (
          <>
            <SheetBreadcrumb idAgent={sheet.IdAgent} week={sheet.StartDate} />
            <WeekBar sheet={sheet} locale={locale} onWeek={(week) => setUrl({ week })} />
            <div className="master-sheet__options">
              {ownSheet && (
                <CheckField
                  label={t('masterSheet.emailWeekly')}
                  checked={emailChoice ?? sheet.EmailWeekly}
                  onChange={(enabled) => {
                    // Shown at once: the box is the server's again once the sheet is read back.
                    setEmailChoice(enabled);
                    email.mutate(enabled, { onSettled: () => setEmailChoice(null) });
                  }}
                />
              )}
              <CheckField
                label={t('masterSheet.byProduct')}
                checked={byProduct}
                onChange={setByProduct}
              />
              <ErrorAlert error={email.error} />
            </div>
            {sheet.Own && (
              <OwnSettle
                own={sheet.Own}
                currency={currency}
                locale={locale}
                agent={ownSheet ? null : sheet.Agent}
              />
            )}
          </>
        )
      }
      after={
        open?.dialog === 'deal' ? (
          <DealDialog
            row={open.row}
            currency={currency}
            locale={locale}
            onClose={() => setOpen(null)}
          />
        ) : open?.dialog === 'settle' ? (
          <SettleDialog row={open.row} onClose={() => setOpen(null)} />
        ) : open?.dialog === 'cutoff' && sheet ? (
          <CutoffDialog cutoff={sheet.Cutoff} locale={locale} onClose={() => setOpen(null)} />
        ) : open?.dialog === 'defaults' ? (
          <DefaultsDialog currency={currency} locale={locale} onClose={() => setOpen(null)} />
        ) : null
      }
    >
      {(data) => (
        <SheetTable
          sheet={data}
          locale={locale}
          fetching={query.isFetching}
          owner={ownSheet ? null : data.Agent}
          byProduct={byProduct}
          onDeal={(row) => setOpen({ dialog: 'deal', row })}
          onSettle={
            rights.includes('managePayments') ? (row) => setOpen({ dialog: 'settle', row }) : null
          }
        />
      )}
    </ReportPage>
  );
}
