import {
  AgentSignUpData,
  type SignUpConfiguration,
  type SignUpField,
} from '@backline/contract/endpoints/sign-up';

export type FieldErrors = Partial<Record<SignUpField | 'form', string>>;
type T = (key: string) => string;

// The server's messages for the checks it alone can make, in the interface language.
const SERVER_MESSAGES: Record<string, string> = {
  'is required': 'signUp.errors.required',
  'is already registered on this site': 'signUp.errors.emailTaken',
  'is already taken on this site': 'signUp.errors.loginTaken',
  'is not a known country': 'signUp.errors.unknownCountry',
  'must have 6 to 15 digits': 'signUp.errors.Phone',
  'must be in the past': 'signUp.errors.BirthDate',
};

export function serverErrors(errors: { Field: string; Message: string }[], t: T): FieldErrors {
  const out: FieldErrors = {};
  for (const e of errors) {
    const key = SERVER_MESSAGES[e.Message];
    out[e.Field as SignUpField] = key ? t(key) : e.Message;
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
