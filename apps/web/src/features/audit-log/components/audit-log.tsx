import { Period } from '@backline/contract/core/enums';
import { Id } from '@backline/contract/core/endpoint';
import {
  AUDIT_GROUP_NAMES,
  AuditGroup,
  type AuditLogRow,
} from '@backline/contract/reports/audit-log';
import { z } from 'zod';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ExportButton } from '@/components/export/export-button';
import { ChoiceField } from '@/components/ui/choice-field';
import { PeriodAgentReport } from '@/components/ui/period-agent-report';
import { SearchField } from '@/components/ui/search-field';
import { useLocale } from '@/lib/format';
import { periodAgentUrl, usePeriodAgentState } from '@/lib/period-agent-state';
import { useAgentStore } from '@/stores/agent-store';
import { useAuditLog } from '../api/get-audit-log';
import { AuditLogTable } from './audit-log-table';
import { AuditRowDialog } from './audit-row-dialog';
import './audit-log.css';

const URL_STATE = periodAgentUrl(
  {
    group: AuditGroup,
    idActor: Id,
    idTargetAgent: Id,
    idPlayer: Id,
    search: z.string().trim().min(1).max(64),
    beforeId: Id,
  },
  {
    group: undefined,
    idActor: undefined,
    idTargetAgent: undefined,
    idPlayer: undefined,
    search: undefined,
    beforeId: undefined,
  },
);

const PAGE_SIZE = 100;

export function AuditLog() {
  const { t } = useTranslation();
  const locale = useLocale();
  const agents = useAgentStore((s) => s.subAgents);
  const { url, patch, range, idAgent } = usePeriodAgentState(URL_STATE, Period.ThisWeek);
  const { group, idActor, idTargetAgent, idPlayer, search, beforeId } = url;
  // Any filter changed starts again from the newest row.
  const refilter = (change: Parameters<typeof patch>[0]) => patch({ ...change, beforeId: null });
  const filters = {
    idAgent,
    ...range,
    ...(group ? { group } : {}),
    ...(idActor ? { idActor } : {}),
    ...(idTargetAgent ? { idTargetAgent } : {}),
    ...(idPlayer ? { idPlayer } : {}),
    ...(search ? { search } : {}),
  };
  const query = useAuditLog({ ...filters, ...(beforeId ? { beforeId } : {}), pageSize: PAGE_SIZE });
  const [open, setOpen] = useState<AuditLogRow | null>(null);
  const anyone = (label: string) => [{ value: 0, label, summary: 'skip' as const }];
  const agentChoices = agents.map((a) => ({ value: a.IdAgent, label: a.Login }));

  return (
    <PeriodAgentReport
      screen="auditLog"
      query={query}
      isEmpty={(r) => r.Rows.length === 0}
      countOf={(r) => r.Rows.length}
      tools={<ExportButton target={{ report: 'auditLog', filters }} />}
      range={range}
      idAgent={idAgent}
      onChange={refilter}
      fields={
        <>
          <ChoiceField
            label={t('auditLog.group')}
            choices={[
              { value: '', label: t('auditLog.allGroups'), summary: 'skip' as const },
              ...AUDIT_GROUP_NAMES.map((g) => ({ value: g, label: t(`auditLog.groups.${g}`) })),
            ]}
            value={group ?? ''}
            onChange={(g) => refilter({ group: g === '' ? null : g })}
          />
          <ChoiceField
            label={t('auditLog.actor')}
            choices={[...anyone(t('auditLog.anyActor')), ...agentChoices]}
            value={idActor ?? 0}
            onChange={(v) => refilter({ idActor: v === 0 ? null : v })}
          />
          <ChoiceField
            label={t('auditLog.targetAgent')}
            choices={[...anyone(t('auditLog.anyAgent')), ...agentChoices]}
            value={idTargetAgent ?? 0}
            onChange={(v) => refilter({ idTargetAgent: v === 0 ? null : v })}
          />
          <SearchField
            label={t('auditLog.search')}
            value={search ?? ''}
            maxLength={64}
            onSearch={(s) => refilter({ search: s || null })}
          />
          {idPlayer !== undefined && (
            <button type="button" className="button" onClick={() => refilter({ idPlayer: null })}>
              {t('auditLog.clearPlayer')}
            </button>
          )}
        </>
      }
      after={open && <AuditRowDialog row={open} onClose={() => setOpen(null)} />}
    >
      {(report, days) => (
        <>
          <p className="audit-log__note">{t('auditLog.note')}</p>
          {beforeId !== undefined && (
            <p className="audit-log__note">{t('auditLog.pageFrom', { id: beforeId })}</p>
          )}
          <AuditLogTable
            rows={report.Rows}
            locale={locale}
            caption={t('auditLog.caption', { period: days.text })}
            fetching={query.isFetching}
            onOpen={setOpen}
          />
          <nav className="audit-log__pages" aria-label={t('auditLog.pages')}>
            {beforeId !== undefined && (
              <button type="button" className="button" onClick={() => patch({ beforeId: null })}>
                {t('auditLog.newest')}
              </button>
            )}
            {report.NextBeforeId !== null && (
              <button
                type="button"
                className="button"
                onClick={() => patch({ beforeId: report.NextBeforeId })}
              >
                {t('auditLog.older')}
              </button>
            )}
          </nav>
        </>
      )}
    </PeriodAgentReport>
  );
}
