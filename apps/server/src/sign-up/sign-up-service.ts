// Agent sign-up: the site's form, validation, filing a pending request, and the master's decision,
// which creates the agent under the master and e-mails it a one-time link to choose its password.
import {
  errorMessage,
  SIGN_UP_FIELDS,
  SignUpFieldConfig,
  type AgentSignUpData,
  type ErrorCode,
  type ErrorParams,
  type AgentSignUpRequest,
  type SignUpConfiguration,
  type SignUpField,
  type api,
  type ParsedBodyOf,
  type ParsedQueryOf,
} from '@backline/contract';
import { z } from 'zod';
import type { Db, Executor } from '../db/query.ts';
import type { AgentAuth } from '../auth/auth-context.ts';
import { entrantOf } from '../agents/entrant.ts';
import { addAgent, parentChoice, parentFor, parentsFor } from '../agents/new-agent.ts';
import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from '../errors.ts';
import { audit, auditAgent } from '../security/audit-repository.ts';
import { hit } from '../security/rate-limit.ts';
import type { Mailer } from '../mail/mailer.ts';
import type { Outbox } from '../webhooks/outbox.ts';
import { langOf, signUpApprovedMail, signUpRejectedMail } from '../mail/messages.ts';
import { ACCESS_LINK_HOURS, allowedOriginOf, issueAccessLink } from '../accounts/access-links.ts';
import { captchaForForm, siteCaptcha, verifyCaptcha, type CaptchaEndpoints } from './captcha.ts';
import { buildCountryData } from './countries.ts';
import * as repo from './sign-up-repository.ts';

/** The standard form (AgentSignUpGeneric) of a site without one of its own. */
const STANDARD_FIELDS: SignUpFieldConfig[] = SIGN_UP_FIELDS.map((Field) => ({
  Field,
  Visible: !['Address', 'BirthDate', 'Referral'].includes(Field),
  Required: ['FirstName', 'LastName', 'Email', 'Login', 'Phone', 'Country'].includes(Field),
  Label: null,
}));
type SignUpFieldConfig = z.infer<typeof SignUpFieldConfig>;
/** A master's decision on a sign-up as the call parses it; approval terms come with an approval. */
type Decision = ParsedBodyOf<typeof api.decideAgentSignUp>;

const SiteForm = z.object({
  Enabled: z.boolean().default(true),
  Title: z.string().default(''),
  Intro: z.string().default(''),
  Fields: z.array(SignUpFieldConfig),
});

/** Login and e-mail make the account, so every form shows and requires them whatever it says. */
const ALWAYS: readonly SignUpField[] = ['Email', 'Login'];

type Site = NonNullable<Awaited<ReturnType<typeof repo.findSite>>>;
type FieldError = { Field: string; Code: ErrorCode; Message: string };

function fieldError(Field: string, Code: ErrorCode, params: ErrorParams = {}): FieldError {
  return { Field, Code, Message: errorMessage(Code, { field: Field, ...params }) };
}

export function createSignUpService({
  db,
  mailer,
  now,
  captcha,
  outbox,
}: {
  db: Db;
  mailer: Mailer;
  /** The platform hears of each agent an approval makes (agent.created). */
  outbox?: Outbox;
  now: () => Date;
  /** Where the captcha providers are reached (their public addresses unless configured). */
  captcha: CaptchaEndpoints;
}) {
  const countryCodes = new Set(buildCountryData().Countries.map((c) => c.Code));

  async function site(siteId: number): Promise<Site> {
    const found = await repo.findSite(db, siteId);
    if (!found) throw new NotFoundError('site_not_found', { site: siteId });
    return found;
  }

  function form(s: Site): SignUpConfiguration {
    const own = s.signUpConfig ? SiteForm.safeParse(s.signUpConfig) : null;
    const parsed = own?.success ? own.data : null;
    const byField = new Map((parsed?.Fields ?? STANDARD_FIELDS).map((f) => [f.Field, f]));
    const Fields = SIGN_UP_FIELDS.map((Field) => {
      const f = byField.get(Field) ?? { Field, Visible: false, Required: false, Label: null };
      return ALWAYS.includes(Field) ? { ...f, Visible: true, Required: true } : f;
    });
    return {
      SiteId: s.id,
      SiteName: s.name,
      Enabled: parsed?.Enabled ?? true,
      Title: parsed?.Title ?? '',
      Intro: parsed?.Intro ?? '',
      Fields,
      IsGeneric: parsed === null,
      CaptchaSiteKey: s.captchaSiteKey && s.captchaSecret ? s.captchaSiteKey : null,
      Captcha: captchaForForm(siteCaptcha(s, captcha)),
    };
  }

  async function configuration(siteId: number): Promise<SignUpConfiguration> {
    return form(await site(siteId));
  }

  async function problems(s: Site, data: AgentSignUpData): Promise<FieldError[]> {
    const config = form(s);
    const errors: FieldError[] = [];
    for (const f of config.Fields) {
      const value = data[f.Field];
      if (f.Visible && f.Required && (value === undefined || String(value).trim() === '')) {
        errors.push(fieldError(f.Field, 'field_required'));
      }
    }
    if (data.Country && !countryCodes.has(data.Country)) {
      errors.push(fieldError('Country', 'country_unknown'));
    }
    if (data.Phone) {
      const digits = data.Phone.replace(/\D/g, '').length;
      if (digits < 6 || digits > 15) {
        errors.push(fieldError('Phone', 'phone_invalid'));
      }
    }
    if (data.BirthDate && Date.parse(data.BirthDate) >= now().getTime()) {
      errors.push(fieldError('BirthDate', 'birth_date_future'));
    }
    const taken = await repo.takenOnSite(db, s.id, data.Login, data.Email);
    if (taken.email) errors.push(fieldError('Email', 'email_registered'));
    if (taken.login) errors.push(fieldError('Login', 'login_taken', { login: data.Login }));
    return errors;
  }

  /** Only what the form shows is kept: a hidden field cannot smuggle data in. */
  function visibleData(s: Site, data: AgentSignUpData) {
    const shown = new Set(
      form(s)
        .Fields.filter((f) => f.Visible)
        .map((f) => f.Field),
    );
    const kept: Record<string, unknown> = { SiteId: s.id };
    for (const field of SIGN_UP_FIELDS) {
      if (shown.has(field) && data[field] !== undefined && data[field] !== '')
        kept[field] = data[field];
    }
    if (data.Language) kept.Language = data.Language;
    return kept;
  }

  async function openSite(siteId: number) {
    const s = await site(siteId);
    if (!form(s).Enabled) throw new ForbiddenError('sign_up_closed');
    return s;
  }

  async function validate(data: AgentSignUpData, address: string) {
    await hit(db, { key: `signup-check:ip:${address}`, max: 60, windowSeconds: 900 });
    const errors = await problems(await openSite(data.SiteId), data);
    return { Valid: errors.length === 0, Errors: errors };
  }

  async function insert(data: AgentSignUpData, address: string, requestId: string) {
    await hit(db, { key: `signup:ip:${address}`, max: 10, windowSeconds: 3600 });
    const s = await openSite(data.SiteId);
    const check = siteCaptcha(s, captcha);
    if (check) await verifyCaptcha(check.verifyUrl, check.secret, data.CaptchaToken, address);
    const errors = await problems(s, data);
    if (errors.length) {
      // The first problem is the refusal's code; the form asked ValidateAgentInformation for all.
      const [first] = errors;
      throw new ValidationError(first!.Code, { field: first!.Field, login: data.Login });
    }
    const id = await db.transaction(async (tx) => {
      const signUpId = await repo.insertSignUp(tx, s.id, visibleData(s, data), now());
      await audit(tx, {
        siteId: s.id,
        actorKind: 'public',
        actorId: null,
        action: 'signup.filed',
        targetKind: 'sign-up',
        targetId: signUpId,
        address,
        requestId,
      });
      return signUpId;
    });
    return { IdSignUp: id, Status: 'pending' as const };
  }

  async function master(auth: AgentAuth) {
    if (!(await repo.isSiteRoot(db, auth.agentId))) {
      throw new ForbiddenError('sign_up_master_only');
    }
  }

  async function list(
    auth: AgentAuth,
    status: ParsedQueryOf<typeof api.getAgentSignUps>['status'],
  ) {
    await master(auth);
    const [rows, parents] = await Promise.all([
      repo.listSignUps(db, auth.siteId, status),
      parentsFor(db, auth),
    ]);
    return {
      Rows: rows.map((r): AgentSignUpRequest => ({
        IdSignUp: r.id,
        Status: r.status as AgentSignUpRequest['Status'],
        CreatedAt: r.createdAt.toISOString(),
        Data: r.data as AgentSignUpRequest['Data'],
      })),
      Parents: parents.map((p) => parentChoice(auth, p)),
    };
  }

  /** The parent an approval names: the approver or an agent below it, checked with the terms. */
  async function approvalParent(tx: Executor, auth: AgentAuth, input: Decision) {
    const { IdParent, CreditLimitCap, MaxWagerCap } = input;
    if (IdParent === undefined || CreditLimitCap === undefined || MaxWagerCap === undefined) {
      throw new ValidationError('approval_incomplete');
    }
    const parent = await parentFor(tx, auth, IdParent);
    if (!parent) throw new ValidationError('parent_not_in_tree');
    return {
      parent,
      terms: {
        rights: input.Rights ?? [],
        creditLimitCap: CreditLimitCap,
        maxWagerCap: MaxWagerCap,
      },
    };
  }

  async function decide(auth: AgentAuth, input: Decision, address: string, requestId: string) {
    await master(auth);
    const origin =
      input.Decision === 'approve' ? await allowedOriginOf(db, auth.siteId, input.currentURL) : '';
    const at = now();
    const outcome = await db.transaction(async (tx) => {
      const row = await repo.lockSignUp(tx, auth.siteId, input.IdSignUp);
      if (!row) throw new NotFoundError('sign_up_not_found', { signUp: input.IdSignUp });
      if (row.status !== 'pending')
        throw new ConflictError('sign_up_decided', { signUp: row.id, status: row.status });
      const data = row.data as AgentSignUpData;
      const status = input.Decision === 'approve' ? 'approved' : 'rejected';
      let agentId: number | null = null;
      let link: string | null = null;
      if (input.Decision === 'approve') {
        const { parent, terms } = await approvalParent(tx, auth, input);
        const name = [data.FirstName, data.LastName].filter(Boolean).join(' ') || data.Login;
        const agent = await addAgent(tx, {
          auth,
          caller: { address, requestId },
          outbox,
          parent,
          terms,
          names: { creditLimitCap: 'CreditLimitCap', maxWagerCap: 'MaxWagerCap' },
          login: data.Login,
          name,
          email: data.Email,
          passwordHash: null,
          language: langOf(data.Language),
          createdBy: await entrantOf(tx, auth),
          via: 'sign-up',
          at,
        });
        agentId = agent.id;
        link = await issueAccessLink(tx, {
          siteId: auth.siteId,
          login: agent.login,
          origin,
          now: at,
        });
      }
      await repo.decide(tx, row.id, status, auth.selfAgentId, at);
      await auditAgent(tx, auth, {
        action: `signup.${status}`,
        targetKind: 'sign-up',
        targetId: row.id,
        address,
        requestId,
        ...(agentId ? { details: { agentId } } : {}),
      });
      return { data, status, agentId, link } as const;
    });
    const lang = langOf(outcome.data.Language);
    await mailer.send(
      outcome.link
        ? signUpApprovedMail(
            lang,
            auth.siteId,
            outcome.data.Email,
            outcome.data.Login,
            outcome.link,
            ACCESS_LINK_HOURS,
          )
        : signUpRejectedMail(lang, auth.siteId, outcome.data.Email),
    );
    return {
      IdSignUp: input.IdSignUp,
      Status: outcome.status,
      IdAgent: outcome.agentId,
      DecidedAt: at.toISOString(),
    };
  }

  return { configuration, validate, insert, list, decide };
}

export type SignUpService = ReturnType<typeof createSignUpService>;
