import { z } from 'zod';
import { endpoint } from '../core/endpoint.ts';
import { Language } from '../core/enums.ts';

/** A translation file: nested objects of strings. */
export type Translations = { [key: string]: string | Translations };
export const Translations: z.ZodType<Translations> = z.lazy(() =>
  z.record(z.string(), z.union([z.string(), Translations])),
);

export const i18n = endpoint({
  method: 'GET',
  base: 'assets',
  path: 'i18n/{language}.json',
  summary: 'The translation file of a language.',
  audience: 'public',
  query: z.object({ language: Language }),
  response: Translations,
});

export const CountryData = z.object({
  Version: z.literal('1.0'),
  Countries: z.array(
    z.object({
      Code: z.string().length(2),
      Name: z.string(),
      /** The name in each interface language. */
      Names: z.object({ en: z.string(), es: z.string() }),
      DialCode: z.string(),
      Flag: z.string(),
    }),
  ),
});

export const countries = endpoint({
  method: 'GET',
  base: 'assets',
  path: 'data/countries.json',
  summary: 'The country list (version 1.0) with dial codes and flag image paths.',
  audience: 'public',
  response: CountryData,
});
export type CountryData = z.infer<typeof CountryData>;

export const geoLocation = endpoint({
  method: 'GET',
  base: 'core',
  path: 'Geo/Lookup',
  summary:
    'Country of the caller\u2019s address, from an offline database. This product includes ' +
    'GeoLite2 Data created by MaxMind, available from https://www.maxmind.com.',
  audience: 'public',
  response: z.object({ Ip: z.string(), Country: z.string().nullable() }),
});
