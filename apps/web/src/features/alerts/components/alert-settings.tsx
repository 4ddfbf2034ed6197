// An agent's alert thresholds (issue 19 item 4): its own, or those it inherits from the nearest
// agent above shown as such; amounts typed in the reader's notation, read strictly, and confirmed
// before they are saved. Where the alerts go (e-mail, chat webhook) is set on one's own account only.
import type { AlertSettings, AlertThresholds } from '@backline/contract/calls/alerts';
import { formatMoney } from '@backline/contract/core/money';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmStep } from '@/components/ui/confirm-step';
import { useLimitBoxes } from '@/components/payments/use-limit-boxes';
import { CheckField } from '@/components/ui/check-field';
import { QueryState } from '@/components/ui/query-state';
import { ErrorAlert } from '@/components/ui/states';
import { TextField } from '@/components/ui/text-field';
import { amountInputText } from '@/lib/amount-input';
import { useLocale } from '@/lib/format';
import { toast } from '@/stores/toast-store';
import { useAlertSettings, useSetAlertSettings } from '../api/alerts';

const AMOUNTS = ['wagerRisk', 'dayResult', 'sideExposure'] as const;

/** The settings of the agent in scope: read, and changed where the caller may. */
export function AlertSettingsPanel({ idAgent }: { idAgent: number }) {
  const { t } = useTranslation();
  const id = useId();
  const query = useAlertSettings(idAgent);
  return (
    <section className="card alert-settings" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="alert-settings__title">
        {t('alerts.settings.title')}
      </h2>
      <QueryState query={query} pending="line" loading={t('alerts.settings.loading')}>
        {(s) => <SettingsForm key={`${s.IdAgent}:${s.UpdatedAt ?? ''}`} settings={s} />}
      </QueryState>
    </section>
  );
}

/** Each threshold in words: "Wager risk: $500.00" or "Wager risk: off". */
function useSummary(currency: string) {
  const { t } = useTranslation();
  const locale = useLocale();
  return (s: AlertThresholds | null): string[] => {
    const money = (minor: number | null) =>
      minor === null ? t('alerts.settings.off') : formatMoney(minor, currency, locale);
    const flag = (on: boolean) => (on ? t('alerts.settings.on') : t('alerts.settings.off'));
    return [
      `${t('fields.wagerRisk')}: ${money(s?.WagerRisk ?? null)}`,
      `${t('fields.dayResult')}: ${money(s?.DayResult ?? null)}`,
      `${t('fields.sideExposure')}: ${money(s?.SideExposure ?? null)}`,
      `${t('fields.watchedWagers')}: ${flag(s?.WatchedWagers ?? false)}`,
      `${t('fields.sharpWagers')}: ${flag(s?.SharpWagers ?? false)}`,
    ];
  };
}

function Inherited({ settings }: { settings: AlertSettings }) {
  const { t } = useTranslation();
  const summary = useSummary(settings.Currency);
  if (!settings.Effective || !settings.From) return <p>{t('alerts.settings.none')}</p>;
  const own = settings.From.IdAgent === settings.IdAgent;
  return (
    <div className="alert-settings__inherited">
      <p>
        {own
          ? t('alerts.settings.ownInForce')
          : t('alerts.settings.inherited', { agent: settings.From.Agent })}
      </p>
      <ul>
        {summary(settings.Effective).map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
    </div>
  );
}

export function SettingsForm({ settings }: { settings: AlertSettings }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const currency = settings.Currency;
  const own0 = settings.Own;
  const [own, setOwn] = useState(own0 !== null);
  const [watched, setWatched] = useState(own0?.WatchedWagers ?? false);
  const [sharp, setSharp] = useState(own0?.SharpWagers ?? false);
  const [email, setEmail] = useState(settings.Email ?? '');
  const [webhookUrl, setWebhookUrl] = useState(settings.WebhookUrl ?? '');
  const [confirming, setConfirming] = useState(false);
  const text = (minor: number | null | undefined) =>
    minor == null ? '' : amountInputText(minor, currency, locale);
  const boxes = useLimitBoxes(
    () => ({
      wagerRisk: text(own0?.WagerRisk),
      dayResult: text(own0?.DayResult),
      sideExposure: text(own0?.SideExposure),
    }),
    currency,
    locale,
  );
  const save = useSetAlertSettings();
  const summary = useSummary(currency);

  if (!settings.Editable) {
    return (
      <>
        <p className="field__hint">{t('alerts.settings.readOnly')}</p>
        <Inherited settings={settings} />
      </>
    );
  }

  const planned: AlertThresholds | null = own
    ? {
        WagerRisk: boxes.minorOf('wagerRisk'),
        DayResult: boxes.minorOf('dayResult'),
        SideExposure: boxes.minorOf('sideExposure'),
        WatchedWagers: watched,
        SharpWagers: sharp,
      }
    : null;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!own || boxes.check(AMOUNTS)) setConfirming(true);
  };

  const confirm = () =>
    save.mutate(
      {
        idAgent: settings.IdAgent,
        own,
        wagerRisk: planned?.WagerRisk ?? null,
        dayResult: planned?.DayResult ?? null,
        sideExposure: planned?.SideExposure ?? null,
        watchedWagers: watched,
        sharpWagers: sharp,
        ...(settings.Self
          ? { email: email.trim() || null, webhookUrl: webhookUrl.trim() || null }
          : {}),
      },
      {
        onSuccess: (saved) => {
          setConfirming(false);
          boxes.reset();
          toast.success(t('alerts.settings.saved', { agent: saved.Agent }));
        },
      },
    );

  return (
    <form className="alert-settings__form" onSubmit={submit} noValidate>
      <CheckField
        label={t('alerts.settings.ownLabel', { agent: settings.Agent })}
        checked={own}
        onChange={(on) => {
          setOwn(on);
          setConfirming(false);
        }}
      />
      {own ? (
        <fieldset className="alert-settings__group" disabled={confirming}>
          <legend>{t('alerts.settings.thresholds', { currency })}</legend>
          {AMOUNTS.map((name) =>
            boxes.box(name, t(`fields.${name}`), t(`alerts.settings.hints.${name}`)),
          )}
          <CheckField label={t('fields.watchedWagers')} checked={watched} onChange={setWatched} />
          <CheckField label={t('fields.sharpWagers')} checked={sharp} onChange={setSharp} />
          <p className="field__hint">{t('alerts.settings.emptyIsOff')}</p>
        </fieldset>
      ) : (
        <Inherited settings={{ ...settings, Own: null }} />
      )}
      {settings.Self && (
        <fieldset className="alert-settings__group" disabled={confirming}>
          <legend>{t('alerts.settings.destinations')}</legend>
          <TextField
            label={t('fields.email')}
            type="email"
            autoComplete="email"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
          />
          <TextField
            label={t('fields.webhookUrl')}
            type="url"
            inputMode="url"
            autoComplete="off"
            value={webhookUrl}
            hint={t('alerts.settings.webhookHint')}
            onChange={(e) => setWebhookUrl(e.target.value)}
          />
        </fieldset>
      )}
      <ErrorAlert error={save.error} />
      {confirming ? (
        <Confirm
          lines={
            own ? summary(planned) : [t('alerts.settings.willInherit', { agent: settings.Agent })]
          }
          destinations={
            settings.Self
              ? [
                  `${t('fields.email')}: ${email.trim() || t('alerts.settings.off')}`,
                  `${t('fields.webhookUrl')}: ${webhookUrl.trim() || t('alerts.settings.off')}`,
                ]
              : []
          }
          pending={save.isPending}
          onConfirm={confirm}
          onEdit={() => setConfirming(false)}
        />
      ) : (
        <button type="submit" className="button button--primary">
          {t('alerts.settings.review')}
        </button>
      )}
    </form>
  );
}

interface ConfirmProps {
  lines: string[];
  destinations: string[];
  pending: boolean;
  onConfirm: () => void;
  onEdit: () => void;
}

/** What will be saved. */
function Confirm({ lines, destinations, pending, onConfirm, onEdit }: ConfirmProps) {
  const { t } = useTranslation();
  return (
    <ConfirmStep
      title={t('alerts.settings.confirmTitle')}
      saveLabel={t('alerts.settings.save')}
      pending={pending}
      onConfirm={onConfirm}
      onEdit={onEdit}
      className="alert-settings__confirm"
      actionsClassName="alert-settings__actions"
    >
      <ul>
        {[...lines, ...destinations].map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
    </ConfirmStep>
  );
}
