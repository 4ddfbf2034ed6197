// The site's currencies with their rates: what every report converting into one currency reads.
import { z } from 'zod';
import { endpoint } from '../core/endpoint.ts';

export const Currency = z.object({
  IdCurrency: z.number().int(),
  Code: z.string(),
  Name: z.string(),
  MinorDigits: z.number().int(),
  /** Units of the site currency for one unit of this one, as an exact decimal string. */
  RateToSite: z.string(),
  IsSiteCurrency: z.boolean(),
});
export type Currency = z.infer<typeof Currency>;

export const getCurrency = endpoint({
  method: 'GET',
  base: 'reports',
  path: 'AgentSiteFrames/GetCurrency',
  summary: 'The currencies of the site with their conversion rates to the site currency.',
  audience: 'agent',
  response: z.array(Currency),
});
