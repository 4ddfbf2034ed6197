import { z } from 'zod';
import { defaulted, endpoint, Id, MAX_ID, optional, SiteId, Timestamp } from '../core/endpoint.ts';
import { Language, Right, RIGHTS } from '../core/enums.ts';
import { ERROR_CODES } from '../core/errors.ts';
import { LOGIN_PATTERN, LOGIN_RULE } from '../core/common.ts';
import { PaymentAmount } from '../core/money.ts';

export const SIGN_UP_FIELDS = [
  'FirstName',
  'LastName',
  'Email',
  'Login',
  'Phone',
  'Country',
  'City',
  'Address',
  'BirthDate',
  'Referral',
  'Comments',
] as const;

export const SignUpFieldConfig = z.object({
  Field: z.enum(SIGN_UP_FIELDS),
  Visible: z.boolean(),
  Required: z.boolean(),
  Label: z.string().nullable(),
});

export const CAPTCHA_PROVIDERS = ['hcaptcha', 'turnstile'] as const;
export type CaptchaProvider = (typeof CAPTCHA_PROVIDERS)[number];

/** The widget the form renders: its provider, the site's public key and the script to load. */
export const SignUpCaptcha = z.object({
  Provider: z.enum(CAPTCHA_PROVIDERS),
  SiteKey: z.string(),
  ScriptUrl: z.string(),
});
export type SignUpCaptcha = z.infer<typeof SignUpCaptcha>;

export const SignUpConfiguration = z.object({
  SiteId: z.number().int(),
  SiteName: z.string(),
  Enabled: z.boolean(),
  Title: z.string(),
  Intro: z.string(),
  Fields: z.array(SignUpFieldConfig),
  /** True when the site has no form of its own and the standard one (AgentSignUpGeneric) applies. */
  IsGeneric: z.boolean(),
  /** Null when the site has no captcha keys: the form then says captcha is off. */
  CaptchaSiteKey: z.string().nullable(),
  /** The widget to render and send the token of (CaptchaToken); null when captcha is off. */
  Captcha: SignUpCaptcha.nullable(),
});
export type SignUpConfiguration = z.infer<typeof SignUpConfiguration>;

export const getAgentSignUpConfigurationBySite = endpoint({
  method: 'GET',
  base: 'core',
  path: 'SignUpAdministrator/GetAgentSignUpConfigurationBySite',
  summary: 'The sign-up form a site shows: fields, which are required, texts, captcha key.',
  audience: 'public',
  query: z.object({ SiteId }),
  response: SignUpConfiguration,
});

export const AgentSignUpData = z.object({
  SiteId: z.number().int().positive().max(MAX_ID, 'is not a site id'),
  FirstName: optional(z.string().trim().max(80)),
  LastName: optional(z.string().trim().max(80)),
  Email: z.email('must be an e-mail address').max(254),
  Login: z.string().trim().regex(LOGIN_PATTERN, LOGIN_RULE),
  Phone: optional(
    z
      .string()
      .trim()
      .regex(/^\+?[0-9 ()-]{6,20}$/, 'must be a phone number'),
  ),
  Country: optional(z.string().regex(/^[A-Z]{2}$/, 'must be a two-letter country code')),
  City: optional(z.string().trim().max(80)),
  Address: optional(z.string().trim().max(200)),
  BirthDate: optional(z.iso.date('must be a date (YYYY-MM-DD)')),
  Referral: optional(z.string().trim().max(80)),
  Comments: optional(z.string().trim().max(1000)),
  CaptchaToken: optional(z.string().max(4096)),
  /** The language the applicant used: its mail and its account speak it. */
  Language: optional(Language),
});
export type AgentSignUpData = z.infer<typeof AgentSignUpData>;
export type SignUpField = (typeof SIGN_UP_FIELDS)[number];

export const ValidationResult = z.object({
  Valid: z.boolean(),
  /** Each problem: the field, a code of the error list (the web app words it) and English words. */
  Errors: z.array(z.object({ Field: z.string(), Code: z.enum(ERROR_CODES), Message: z.string() })),
});

export const validateAgentInformation = endpoint({
  method: 'POST',
  base: 'core',
  path: 'SignUpAdministrator/ValidateAgentInformation',
  summary: 'Checks sign-up data: duplicates, formats, country, required fields.',
  audience: 'public',
  body: AgentSignUpData,
  response: ValidationResult,
});

export const insertAgentSignUp = endpoint({
  method: 'POST',
  base: 'core',
  path: 'SignUpAdministrator/InsertAgentSignUp',
  summary: 'Files a pending agent sign-up for the master agent to approve.',
  audience: 'public',
  body: AgentSignUpData,
  response: z.object({ IdSignUp: z.number().int(), Status: z.literal('pending') }),
});

export const SignUpStatus = z.enum(['pending', 'approved', 'rejected']);

/** An agent's cap in minor units of its currency: greater than zero, at most the largest payment. */
const Cap = PaymentAmount;

export const AgentSignUpRequest = z.object({
  IdSignUp: z.number().int(),
  Status: SignUpStatus,
  CreatedAt: z.string(),
  Data: AgentSignUpData.omit({ CaptchaToken: true }),
});
export type AgentSignUpRequest = z.infer<typeof AgentSignUpRequest>;

/** An agent an approval may place the new agent under, with what it may give. */
export const SignUpParent = z.object({
  IdAgent: z.number().int(),
  IdParent: z.number().int().nullable(),
  Login: z.string(),
  Name: z.string(),
  Depth: z.number().int(),
  /** The new agent takes its parent's currency; caps are in it. */
  Currency: z.string(),
  /** The rights an agent under it may hold that the approver may give (view-only always). */
  Grantable: z.array(Right),
  /** The parent is view-only, so an agent under it is too. */
  ViewOnlyRequired: z.boolean(),
  /** The tightest caps of the parent's chain, minor units; null when none is set. */
  CreditLimitCap: z.number().int().nullable(),
  MaxWagerCap: z.number().int().nullable(),
});
export type SignUpParent = z.infer<typeof SignUpParent>;

export const getAgentSignUps = endpoint({
  method: 'GET',
  base: 'reports',
  path: 'AgentSiteFrames/GetAgentSignUps',
  summary:
    'The master agent\u2019s sign-ups of its site, pending ones by default, and the agents an approval may place a new agent under.',
  audience: 'agent',
  right: 'manageAgents',
  query: z.object({ status: defaulted(SignUpStatus, 'pending') }),
  response: z.object({ Rows: z.array(AgentSignUpRequest), Parents: z.array(SignUpParent) }),
});

export const decideAgentSignUp = endpoint({
  method: 'POST',
  base: 'reports',
  path: 'AgentSiteFrames/DecideAgentSignUp',
  summary:
    'The master agent approves a sign-up (creating the agent under itself and e-mailing it a link to choose its password) or rejects it.',
  audience: 'agent',
  right: 'manageAgents',
  body: z
    .object({
      IdSignUp: Id,
      Decision: z.enum(['approve', 'reject'], { error: 'must be approve or reject' }),
      /** The page the master works on: the e-mailed link is built on its origin, which the site must allow. */
      currentURL: z.url('must be a URL'),
      /** To approve: the new agent's parent, the approver itself or an agent of its tree. */
      IdParent: optional(Id),
      /** To approve: the new agent's rights, within its parent's (rights narrow downwards). */
      Rights: optional(z.array(Right).max(RIGHTS.length)),
      /** To approve: caps no player below the new agent may exceed, within its parent's. */
      CreditLimitCap: optional(Cap),
      MaxWagerCap: optional(Cap),
    })
    .superRefine((b, ctx) => {
      if (b.Decision !== 'approve') return;
      for (const field of ['IdParent', 'Rights', 'CreditLimitCap', 'MaxWagerCap'] as const) {
        if (b[field] === undefined) {
          ctx.addIssue({ code: 'custom', path: [field], message: 'is required to approve' });
        }
      }
    }),
  response: z.object({
    IdSignUp: z.number().int(),
    Status: SignUpStatus,
    IdAgent: z.number().int().nullable(),
    DecidedAt: Timestamp,
  }),
});
