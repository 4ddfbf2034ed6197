// The two demo books: zone, currency, sign-up form, agent tree with rights and player shares, and
// what their players bet on. Rights narrow down each tree.
import { RIGHTS, type Right, type Sport } from '@backline/contract';
import { DEMO_PASSWORDS as PW, DEMO_SITES } from './demo-logins.ts';

export interface AgentDef {
  login: string;
  name: string;
  parent: string | null;
  rights: readonly Right[];
  password: string;
  /** Relative share of the site's players. */
  share: number;
}

export interface SiteDef {
  id: number;
  name: string;
  timeZone: string;
  currency: string;
  language: string;
  signUpConfig: object | null;
  apiKey: string | null;
  agents: AgentDef[];
  loginPrefix: string;
  firstNumber: number;
  /** The agent of the site's first player (the published player log-in). */
  firstPlayerAgent: string | null;
  currencies: readonly (readonly [string, number])[];
  languages: readonly (readonly [string, number])[];
  popularity: Record<Sport, number>;
  /** Games per day relative to the main site. */
  eventDensity: number;
}

const ALL = RIGHTS.filter((r) => r !== 'viewOnly');

const agent = (
  login: string,
  name: string,
  parent: string | null,
  rights: readonly Right[],
  password: string,
  share: number,
): AgentDef => ({ login, name, parent, rights, password, share });

const field = (
  Field: string,
  Visible: boolean,
  Required: boolean,
  Label: string | null = null,
) => ({
  Field,
  Visible,
  Required,
  Label,
});

export const SITE_DEFS: readonly SiteDef[] = [
  {
    id: 1,
    name: DEMO_SITES[1],
    timeZone: 'America/New_York',
    currency: 'USD',
    language: 'en',
    signUpConfig: {
      Enabled: true,
      Title: 'Become a Demo Book agent',
      Intro: 'Tell us about yourself. We review every application within two business days.',
      Fields: [
        field('FirstName', true, true),
        field('LastName', true, true),
        field('Email', true, true),
        field('Login', true, true),
        field('Phone', true, true),
        field('Country', true, true),
        field('City', true, false),
        field('Address', false, false),
        field('BirthDate', true, false, 'Date of birth'),
        field('Referral', true, false, 'Who referred you?'),
        field('Comments', true, false),
      ],
    },
    apiKey: 'demo-site-key',
    agents: [
      agent('MASTER', 'Demo Master', null, ALL, PW.master, 4),
      agent('AG1', 'Agent One', 'MASTER', ALL, PW.agent, 18),
      agent(
        'AG2',
        'Agent Two',
        'MASTER',
        ['viewReports', 'seeCasino', 'managePayments', 'changePasswords'],
        PW.agent,
        18,
      ),
      agent('AG3', 'Agent Three', 'MASTER', ['viewReports', 'managePayments'], PW.agent, 14),
      agent(
        'AG1SUB',
        'Sub-agent One A',
        'AG1',
        ['viewReports', 'deleteWagers', 'changePasswords', 'managePayments', 'seeCasino'],
        PW.sub,
        10,
      ),
      agent('AG1SUB2', 'Sub-agent One B', 'AG1', ['viewReports', 'viewOnly'], PW.sub, 8),
      agent('AG2SUB', 'Sub-agent Two A', 'AG2', ['viewReports', 'seeCasino'], PW.sub, 14),
      agent(
        'AG1SUBA',
        'Sub-sub-agent One A1',
        'AG1SUB',
        ['viewReports', 'changePasswords', 'seeCasino'],
        PW.sub,
        14,
      ),
    ],
    loginPrefix: 'PL',
    firstNumber: 1001,
    firstPlayerAgent: 'AG1SUB',
    currencies: [
      ['USD', 95],
      ['MXN', 2.5],
      ['CAD', 2.5],
    ],
    languages: [
      ['en', 85],
      ['es', 15],
    ],
    popularity: {
      NFL: 20,
      NCAAF: 10,
      NBA: 15,
      NCAAB: 10,
      MLB: 12,
      NHL: 8,
      SOCCER: 10,
      TENNIS: 6,
      MMA: 5,
      GOLF: 4,
    },
    eventDensity: 1,
  },
  {
    id: 2,
    name: DEMO_SITES[2],
    timeZone: 'Europe/Madrid',
    currency: 'EUR',
    language: 'es',
    signUpConfig: null,
    apiKey: null,
    agents: [
      agent('MASTER2', 'Maestro Madrid', null, ALL, PW.master, 20),
      agent(
        'ESAG1',
        'Agente Uno',
        'MASTER2',
        ['viewReports', 'deleteWagers', 'seeCasino', 'managePayments', 'changePasswords'],
        PW.agent,
        50,
      ),
      agent('ESAG2', 'Agente Dos', 'MASTER2', ['viewReports', 'viewOnly'], PW.agent, 30),
    ],
    loginPrefix: 'ES',
    firstNumber: 2001,
    firstPlayerAgent: null,
    currencies: [['EUR', 1]],
    languages: [
      ['es', 80],
      ['en', 20],
    ],
    popularity: {
      NFL: 3,
      NCAAF: 1,
      NBA: 12,
      NCAAB: 1,
      MLB: 2,
      NHL: 2,
      SOCCER: 45,
      TENNIS: 20,
      MMA: 8,
      GOLF: 6,
    },
    eventDensity: 0.3,
  },
];

export const CURRENCIES = [
  { code: 'USD', name: 'US Dollar' },
  { code: 'EUR', name: 'Euro' },
  { code: 'MXN', name: 'Mexican Peso' },
  { code: 'CAD', name: 'Canadian Dollar' },
];

/** Units of the site currency per unit of each currency, as decimal strings (exact, never floats). */
export const RATES: Record<string, Record<string, string>> = {
  USD: { USD: '1', EUR: '1.0850000000', MXN: '0.0580000000', CAD: '0.7300000000' },
  EUR: { USD: '0.9216589862', EUR: '1', MXN: '0.0534562212', CAD: '0.6728110599' },
};
