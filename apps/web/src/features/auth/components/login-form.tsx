import {
  lazy,
  Suspense,
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  useState,
  type FormEvent,
} from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { BusyStatus, ErrorAlert } from '@/components/ui/states';
import { TextField } from '@/components/ui/text-field';
import { rememberedSiteId, siteIdFromSearch } from '@/lib/site';
import { useLogin, type SecondStep } from '../api/login';
import { takeLoginShell } from '../login-shell';
import { PasswordField } from './password-field';
import { SecondStepForm, type PasskeySlot } from './second-step-form';
import { accessLinkOf, SetPasswordByLink } from './set-password-by-link';
import './login-form.css';

const DEFAULT_SITE_ID = 1;
// Setting an authenticator up at log-in (QR code and all) is rare: it stays out of the entry.
const TotpEnrolAtLogin = lazy(() =>
  import('./totp-enrol-at-login').then((m) => ({ default: m.TotpEnrolAtLogin })),
);

interface LoginFormProps {
  /** A passkey sign-in button for the second step, given by the app (features/passkeys). */
  passkey?: PasskeySlot;
}

export function LoginForm({ passkey }: LoginFormProps = {}) {
  const { t } = useTranslation();
  const id = useId();
  const { search, hash } = useLocation();
  const navigate = useNavigate();
  // The embedding site names its site in the URL; only a bare visit asks for it.
  const knownSiteId = siteIdFromSearch(search) ?? rememberedSiteId();
  // The second step an agent still owes after its password; a session moves the route on by itself.
  const [owed, setOwed] = useState<{ step: SecondStep; login: string } | null>(null);
  const login = useLogin((outcome, input) => {
    if (typeof outcome === 'object') setOwed({ step: outcome.secondStep, login: input.Player });
  });
  // An e-mailed access link opens this page with a one-time token: it sets the password instead.
  const [link, setLink] = useState(() => accessLinkOf(hash));
  const form = useRef<HTMLFormElement>(null);

  // Before this form's first paint: what was typed in the page's drawn form, its focus, and a press
  // of Log in made before the app ran.
  useLayoutEffect(() => {
    const shell = takeLoginShell();
    const element = form.current;
    if (!shell || !element) return;
    for (const [name, value] of Object.entries(shell.values)) {
      const input = element.elements.namedItem(name);
      if (input instanceof HTMLInputElement) input.value = value;
    }
    const focused = shell.focused && element.elements.namedItem(shell.focused);
    if (focused instanceof HTMLInputElement) focused.focus();
    if (shell.submitted) element.requestSubmit();
  }, []);

  useEffect(() => {
    // The token leaves the address bar at once; it stays in this page's memory only.
    if (link)
      void navigate({ pathname: paths.login, search: `?SiteId=${link.SiteId}` }, { replace: true });
  }, [link, navigate]);

  if (owed) {
    const restart = () => {
      login.reset();
      setOwed(null);
      setLink(null);
    };
    return owed.step.Enrol ? (
      <Suspense fallback={<BusyStatus message={t('common.loading')} />}>
        <TotpEnrolAtLogin step={owed.step} login={owed.login} onRestart={restart} />
      </Suspense>
    ) : (
      <SecondStepForm step={owed.step} login={owed.login} onRestart={restart} passkey={passkey} />
    );
  }
  if (link) {
    return (
      <SetPasswordByLink
        link={link}
        onSecondStep={(step) => setOwed({ step, login: link.Player })}
      />
    );
  }

  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    login.mutate({
      Player: String(form.get('login') ?? '').trim(),
      Password: String(form.get('password') ?? ''),
      SiteId: knownSiteId ?? Number(form.get('site')),
    });
  };

  return (
    <form ref={form} className="login-form" onSubmit={submit} aria-describedby={`${id}-intro`}>
      <h1 className="login-form__title">Backline</h1>
      <p id={`${id}-intro`} className="login-form__intro">
        {t('login.intro')}
      </p>
      <ErrorAlert error={login.error} />
      <TextField
        label={t('login.login')}
        name="login"
        autoComplete="username"
        autoCapitalize="none"
        spellCheck={false}
        required
        maxLength={254}
      />
      <PasswordField />
      {knownSiteId === null && (
        <TextField
          label={t('login.site')}
          name="site"
          type="number"
          inputMode="numeric"
          min={1}
          step={1}
          required
          defaultValue={DEFAULT_SITE_ID}
        />
      )}
      <button
        type="submit"
        className="button button--primary button--block"
        disabled={login.isPending}
      >
        {t('login.submit')}
      </button>
    </form>
  );
}
