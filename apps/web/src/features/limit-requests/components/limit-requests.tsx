// Requests for players' limits above an agent's cap: those the agent's subtree decides, or those
// filed for its players. Each shows what was asked against what the player had and the caps it
// passes; the agent who may decide approves or refuses it, with a note, after a confirm step.
import type { CapPassed, LimitRequest } from '@backline/contract/calls/limit-requests';
import { formatMoney } from '@backline/contract/core/money';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ItemActions } from '@/components/ui/item-actions';
import { Pager } from '@/components/ui/pager';
import { TableHead } from '@/components/ui/simple-table';
import { EmptyState, ErrorAlert, ErrorState } from '@/components/ui/states';
import { SelectField, TextAreaField } from '@/components/ui/text-field';
import { paths } from '@/config/paths';
import { useErrorMessage } from '@/lib/errors';
import { formatDateTime, useLocale } from '@/lib/format';
import { useSiteTimeZone } from '@/lib/time-zone';
import { toast } from '@/stores/toast-store';
import {
  useDecideLimitRequest,
  useLimitRequests,
  type RequestsBox,
  type RequestsStatus,
} from '../api/limit-requests';
import './limit-requests.css';

const BOXES: RequestsBox[] = ['toDecide', 'filed'];
const STATUSES: RequestsStatus[] = ['pending', 'decided'];

export function LimitRequests() {
  const { t } = useTranslation();
  const id = useId();
  const errorMessage = useErrorMessage();
  const locale = useLocale();
  const [box, setBox] = useState<RequestsBox>('toDecide');
  const [status, setStatus] = useState<RequestsStatus>('pending');
  const [page, setPage] = useState(1);
  const list = useLimitRequests(box, status, page);

  return (
    <section className="limit-requests" aria-labelledby={`${id}-title`}>
      <h1 id={`${id}-title`}>{t('limitRequests.title')}</h1>
      <p className="limit-requests__intro">{t('limitRequests.intro')}</p>
      <div className="limit-requests__filters">
        <SelectField
          label={t('limitRequests.box')}
          value={box}
          onChange={(e) => {
            setBox(e.target.value as RequestsBox);
            setPage(1);
          }}
        >
          {BOXES.map((b) => (
            <option key={b} value={b}>
              {t(`limitRequests.boxes.${b}`)}
            </option>
          ))}
        </SelectField>
        <SelectField
          label={t('limitRequests.status')}
          value={status}
          onChange={(e) => {
            setStatus(e.target.value as RequestsStatus);
            setPage(1);
          }}
        >
          {STATUSES.map((s) => (
            <option key={s} value={s}>
              {t(`limitRequests.statusFilter.${s}`)}
            </option>
          ))}
        </SelectField>
      </div>
      {list.isPending ? (
        <p role="status">{t('limitRequests.loading')}</p>
      ) : list.isError ? (
        <ErrorState message={errorMessage(list.error)} onRetry={() => void list.refetch()} />
      ) : list.data.Rows.length === 0 ? (
        <EmptyState message={t(`limitRequests.empty.${box}.${status}`)} />
      ) : (
        <>
          <ul className="limit-requests__list stack-list">
            {list.data.Rows.map((r) => (
              <RequestCard key={r.IdRequest} request={r} />
            ))}
          </ul>
          {list.data.TotalRows > list.data.PageSize && (
            <Pager
              page={page}
              pageSize={list.data.PageSize}
              totalRows={list.data.TotalRows}
              locale={locale}
              onPage={setPage}
            />
          )}
        </>
      )}
    </section>
  );
}

function RequestCard({ request: r }: { request: LimitRequest }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const timeZone = useSiteTimeZone();
  const money = (minor: number, currency = r.Currency) => formatMoney(minor, currency, locale);
  const when = (iso: string) => formatDateTime(iso, locale, timeZone);
  const [deciding, setDeciding] = useState<'approve' | 'refuse' | null>(null);
  const rows: [string, number, number][] = [
    [t('fields.creditLimit'), r.Before.CreditLimit, r.Asked.CreditLimit],
    [t('fields.tempCredit'), r.Before.TempCredit, r.Asked.TempCredit],
    [t('fields.maxWager'), r.Before.MaxWager, r.Asked.MaxWager],
  ];
  return (
    <li className="limit-requests__item stack-list__card">
      <h2>
        <Link to={`${paths.player}?idPlayer=${r.IdPlayer}&tab=limits`}>{r.Player}</Link>
        <span className="limit-requests__name"> · {r.PlayerName}</span>
        <span className={`limit-requests__status limit-requests__status--${r.Status}`}>
          {t(`limitRequests.statuses.${r.Status}`)}
        </span>
      </h2>
      <dl>
        <dt>{t('limitRequests.agent')}</dt>
        <dd>{r.Agent}</dd>
        <dt>{t('limitRequests.requestedBy')}</dt>
        <dd>{t('limitRequests.byOn', { agent: r.RequestedBy, when: when(r.CreatedAt) })}</dd>
        <dt>{t('fields.reason')}</dt>
        <dd>{r.Reason}</dd>
        <dt>{t('limitRequests.approver')}</dt>
        <dd>{r.Approver}</dd>
        {r.DecidedAt && r.DecidedBy && (
          <>
            <dt>{t(`limitRequests.decided.${r.Status}`)}</dt>
            <dd>{t('limitRequests.byOn', { agent: r.DecidedBy, when: when(r.DecidedAt) })}</dd>
          </>
        )}
        {r.Note && (
          <>
            <dt>{t('fields.note')}</dt>
            <dd>{r.Note}</dd>
          </>
        )}
      </dl>
      <table className="limit-requests__table">
        <caption className="visually-hidden">
          {t('limitRequests.asked', { player: r.Player })}
        </caption>
        <TableHead prefix="limitRequests" columns={['limit', 'before', 'askedFor']} />
        <tbody>
          {rows
            .filter(([, before, asked]) => before !== 0 || asked !== 0)
            .map(([label, before, asked]) => (
              <tr key={label}>
                <th scope="row">{label}</th>
                <td className="num">{money(before)}</td>
                <td className="num">{money(asked)}</td>
              </tr>
            ))}
        </tbody>
      </table>
      <ul className="limit-requests__passed">
        {r.Passed.map((p) => (
          <li key={`${p.Field}:${p.Agent}`}>
            {t('limitRequests.passed', {
              field: passedLabel(p, t),
              asked: money(p.Asked),
              cap: money(p.Cap, p.Currency),
              agent: p.Agent,
            })}
          </li>
        ))}
      </ul>
      {r.CanDecide &&
        (deciding ? (
          <DecideForm request={r} decision={deciding} onClose={() => setDeciding(null)} />
        ) : (
          <ItemActions
            className="limit-requests__actions"
            prefix="limitRequests"
            item={{ player: r.Player }}
            actions={{
              approve: { onClick: () => setDeciding('approve'), look: 'primary' },
              refuse: { onClick: () => setDeciding('refuse') },
            }}
          />
        ))}
    </li>
  );
}

function passedLabel(p: CapPassed, t: (key: string) => string): string {
  switch (p.Field) {
    case 'creditLimit':
      return t('fields.creditLimit');
    case 'maxWager':
      return t('fields.maxWager');
    case 'limits.MaxByType':
      return t('limitRequests.maxByType');
    case 'limits.MaxBySport':
      return t('fields.maxBySport');
  }
}

/** The confirm step of a decision: what it does, an optional note, and the decision itself. */
function DecideForm(props: {
  request: LimitRequest;
  decision: 'approve' | 'refuse';
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const decide = useDecideLimitRequest();
  const [note, setNote] = useState('');
  const { request: r, decision } = props;
  const confirm = () =>
    decide.mutate(
      { idRequest: r.IdRequest, decision, note: note.trim() || undefined },
      {
        onSuccess: () => {
          toast.success(t(`limitRequests.done.${decision}`, { player: r.Player }));
          props.onClose();
        },
      },
    );
  return (
    <div
      className="limit-requests__decide"
      role="group"
      aria-label={t(`limitRequests.${decision}Label`, { player: r.Player })}
    >
      <p>{t(`limitRequests.confirm.${decision}`, { player: r.Player })}</p>
      <TextAreaField
        label={t('limitRequests.noteLabel')}
        value={note}
        maxLength={500}
        onChange={(e) => setNote(e.target.value)}
      />
      <ErrorAlert error={decide.error} />
      <div className="limit-requests__actions">
        <button
          type="button"
          className="button button--primary"
          disabled={decide.isPending}
          onClick={confirm}
        >
          {t(`limitRequests.confirmButton.${decision}`, { player: r.Player })}
        </button>
        <button type="button" className="button" onClick={props.onClose}>
          {t('common.cancel')}
        </button>
      </div>
    </div>
  );
}
