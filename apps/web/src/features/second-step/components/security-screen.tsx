// /Security: the signed-in agent's second step (authenticator app and recovery codes, and its
// passkeys, given by the app), and for the site's master agent the site's sign-in policy.
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { QueryState } from '@/components/ui/query-state';
import { useSecondStep } from '../api/second-step';
import { PolicySection } from './policy-section';
import { TotpSection } from './totp-section';
import '@/components/ui/report.css';
import './security.css';

interface SecurityScreenProps {
  /** The passkeys panel (features/passkeys), composed by the route: features do not import each other. */
  passkeys?: ReactNode;
}

export function SecurityScreen({ passkeys }: SecurityScreenProps) {
  const { t } = useTranslation();
  const query = useSecondStep();
  return (
    <section className="report security" aria-labelledby="security-title">
      <header className="report__header">
        <h1 id="security-title" className="report__title">
          {t('secondStep.title')}
        </h1>
        <p className="report__period">{t('secondStep.intro')}</p>
      </header>
      <QueryState query={query} pending="line" loading={t('secondStep.loading')}>
        {(status) => (
          <>
            {status.Required && !status.Totp && status.Passkeys === 0 && (
              <p className="alert alert--info">{t('secondStep.requiredNotice')}</p>
            )}
            <TotpSection status={status} />
            {/* The passkeys panel's place (features/passkeys' PasskeysPanel, given by the route). */}
            {passkeys && <div className="security__card card">{passkeys}</div>}
            {status.Master && <PolicySection />}
          </>
        )}
      </QueryState>
    </section>
  );
}
