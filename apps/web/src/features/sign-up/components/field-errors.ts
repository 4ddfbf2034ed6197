import {
  AgentSignUpData,
  type SignUpConfiguration,
  type SignUpField,
} from '@backline/contract/calls/sign-up';
import type { ErrorCode } from '@backline/contract/core/errors';

export type FieldErrors = Partial<Record<SignUpField | 'form', string>>;
type T = (key: string) => string;

// The server's codes for the checks it alone can make, worded as the form words its own.
const SERVER_MESSAGES: Partial<Record<ErrorCode, string>> = {
  field_required: 'signUp.errors.required',
  email_registered: 'signUp.errors.emailTaken',
  login_taken: 'signUp.errors.loginTaken',
  country_unknown: 'signUp.errors.unknownCountry',
  phone_invalid: 'signUp.errors.Phone',
  birth_date_future: 'signUp.errors.BirthDate',
};

export function serverErrors(errors: { Field: string; Code: ErrorCode }[], t: T): FieldErrors {
  const out: FieldErrors = {};
  for (const e of errors) {
    out[e.Field as SignUpField] = t(SERVER_MESSAGES[e.Code] ?? `errors.codes.${e.Code}`);
  }
  return out;
}

/** The same rules the server applies to formats, plus the site's required fields, before any call. */
export function clientErrors(
  data: Record<string, string | undefined>,
  config: SignUpConfiguration,
  t: T,
): FieldErrors {
  const out: FieldErrors = {};
  for (const f of config.Fields) {
    if (f.Visible && f.Required && !data[f.Field]?.trim())
      out[f.Field] = t('signUp.errors.required');
  }
  const parsed = AgentSignUpData.safeParse({ ...data, SiteId: config.SiteId });
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = issue.path[0] as SignUpField | undefined;
      if (field && !out[field]) out[field] = t(`signUp.errors.${field}`);
    }
  }
  return out;
}
