// What the forms that open a new account (an agent, a player) share: its login, name and e-mail,
// and how it is first opened, a password typed here or an access link e-mailed. The i18n `prefix`
// holds the form's own words (loginRule, nameRequired, access.*, accessHints.*).
import { LOGIN_PATTERN } from '@backline/contract/core/common';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DirectionField } from '@/components/payments/direction-field';
import { newPasswordOf, PasswordFields } from './password-fields';
import { TextField } from './text-field';

/** What each field says is wrong, by the field's name. */
type Problems = Record<string, string>;

type Access = 'password' | 'link';

/**
 * A new-account form's state: how the account opens and what each field says is wrong. `read`
 * checks the form (login, name, password, and the e-mail by the form's own rule) and gives the
 * account with what the create call takes of how it opens, or null when a field is refused.
 */
export function useNewAccount<A extends Access>(prefix: string, choices: readonly [A, ...A[]]) {
  const { t } = useTranslation();
  const [access, setAccess] = useState<A>(choices[0]);
  const [problem, setProblem] = useState<Problems>({});
  const read = (
    form: HTMLFormElement,
    emailProblem: (email: string, access: A) => string | null,
  ) => {
    const data = new FormData(form);
    const text = (name: string) => String(data.get(name) ?? '').trim();
    const account = { login: text('login'), name: text('name'), email: text('email') };
    const found: Problems = {};
    if (!LOGIN_PATTERN.test(account.login)) found.login = t(`${prefix}.loginRule`);
    if (account.name === '') found.name = t(`${prefix}.nameRequired`);
    const password = access === 'password' ? newPasswordOf(form, t) : null;
    if (password?.problem) found.password = password.problem;
    const email = emailProblem(account.email, access);
    if (email) found.email = email;
    setProblem(found);
    if (Object.keys(found).length > 0) return null;
    return {
      ...account,
      access,
      ...(password ? { password: password.password } : {}),
      ...(access === 'link' ? { currentURL: window.location.href } : {}),
    };
  };
  return {
    read,
    fields: { prefix, problem },
    access: { prefix, choices, value: access, onChange: setAccess, problem },
  };
}

interface AccountFieldsProps {
  prefix: string;
  problem: Problems;
  /** An agent must have an e-mail; a player needs one only for an access link. */
  emailRequired?: boolean;
  emailHint?: ReactNode;
}

export function AccountFields({ prefix, problem, emailRequired, emailHint }: AccountFieldsProps) {
  const { t } = useTranslation();
  return (
    <>
      <TextField
        label={t('fields.login')}
        name="login"
        autoComplete="off"
        spellCheck={false}
        maxLength={32}
        required
        hint={t(`${prefix}.loginRule`)}
        error={problem.login}
      />
      <TextField
        label={t('fields.name')}
        name="name"
        autoComplete="off"
        maxLength={100}
        required
        error={problem.name}
      />
      <TextField
        label={t('fields.email')}
        name="email"
        type="email"
        autoComplete="off"
        maxLength={254}
        required={emailRequired}
        hint={emailHint}
        error={problem.email}
      />
    </>
  );
}

interface AccessFieldsProps<A extends string> {
  prefix: string;
  choices: readonly A[];
  value: A;
  onChange: (access: A) => void;
  problem: Problems;
}

/** How the account opens; with a password, the password and its confirmation. */
export function AccessFields<A extends string>(props: AccessFieldsProps<A>) {
  const { prefix, choices, value, onChange, problem } = props;
  const { t } = useTranslation();
  return (
    <>
      <div className="payment-form__wide">
        <DirectionField
          legend={t('fields.access')}
          directions={choices}
          names={`${prefix}.access`}
          hints={`${prefix}.accessHints`}
          value={value}
          onChange={onChange}
        />
      </div>
      {value === 'password' && (
        <>
          <PasswordFields />
          {problem.password && (
            <p className="field__error payment-form__wide">{problem.password}</p>
          )}
        </>
      )}
    </>
  );
}
