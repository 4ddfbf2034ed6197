import type { TFunction } from 'i18next';
import type { z } from 'zod';
import { beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CODES, ERROR_MESSAGES, fieldName } from '@backline/contract/core/errors';
import { api } from '@backline/contract/index';
import en from '../../public/assets/i18n/en.json';
import es from '../../public/assets/i18n/es.json';
import { spanishT } from '@/testing/spanish';
import { fieldLabelKey, refusalText } from './errors';

type Tree = { [key: string]: string | Tree };
const files = { en: en as Tree, es: es as Tree };

function text(tree: Tree, key: string): string | undefined {
  const value = key
    .split('.')
    .reduce<Tree | string | undefined>(
      (at, part) => (typeof at === 'object' ? at[part] : undefined),
      tree,
    );
  return typeof value === 'string' ? value : undefined;
}

const placeholders = (s: string) => new Set([...s.matchAll(/\{\{\s*(\w+)/g)].map((m) => m[1]!));

/** Every field name a call's query or body may hold, however deep. */
function fieldsOf(schema: z.ZodType | undefined, out = new Set<string>()): Set<string> {
  const def = (schema as { _zod?: { def: Record<string, unknown> } } | undefined)?._zod?.def;
  if (!def) return out;
  const walk = (s: unknown) => fieldsOf(s as z.ZodType, out);
  switch (def.type) {
    case 'object':
      for (const [name, field] of Object.entries(def.shape as Record<string, unknown>)) {
        out.add(fieldName(name));
        walk(field);
      }
      break;
    case 'optional':
    case 'nullable':
    case 'default':
    case 'readonly':
    case 'catch':
    case 'nonoptional':
      walk(def.innerType);
      break;
    case 'pipe':
      walk(def.in);
      walk(def.out);
      break;
    case 'array':
      walk(def.element);
      break;
    case 'union':
      for (const option of def.options as unknown[]) walk(option);
      break;
    case 'intersection':
      walk(def.left);
      walk(def.right);
      break;
  }
  return out;
}

describe('server error codes', () => {
  it.each(Object.entries(files))(
    'each has a text in %s, with only the parameters it is sent',
    (_, tree) => {
      for (const code of ERROR_CODES) {
        const words = text(tree, `errors.codes.${code}`);
        expect(words?.trim(), code).toBeTruthy();
        const sent = placeholders(ERROR_MESSAGES[code]);
        for (const name of placeholders(words!))
          expect(sent, `${code} {{${name}}}`).toContain(name);
      }
    },
  );

  it('has no text for a code the server does not have', () => {
    for (const tree of Object.values(files)) {
      const codes = Object.keys((tree.errors as Tree).codes as Tree);
      expect(codes.sort()).toEqual([...ERROR_CODES].sort());
    }
  });

  it.each(Object.entries(files))('label every field of every call in %s', (_, tree) => {
    const fields = new Set<string>();
    for (const e of Object.values(api)) {
      fieldsOf(e.query, fields);
      fieldsOf(e.body, fields);
    }
    expect(fields.size).toBeGreaterThan(30);
    const unlabelled = [...fields].filter((f) => !text(tree, fieldLabelKey(f)));
    expect(unlabelled).toEqual([]);
  });
});

describe('refusalText', () => {
  let t: TFunction;
  beforeAll(async () => {
    t = await spanishT();
  });

  it('names a field by its label and never by its internal name', () => {
    const words = refusalText(
      { Code: 'password_common', Params: { field: 'NewPassword' } },
      t,
      'es-ES',
    );
    expect(words).toBe('«Nueva contraseña» es una de las contraseñas más comunes; elija otra.');
    const nested = refusalText(
      { Code: 'invalid_field', Params: { field: 'filters.endDate' } },
      t,
      'es-ES',
    );
    expect(nested).toBe('Revise «Fecha final»: el valor no es válido.');
  });

  it('fills seconds, logins, translated names and amounts from the parameters', () => {
    expect(refusalText({ Code: 'too_many_attempts', Params: { seconds: 660 } }, t, 'es-ES')).toBe(
      'Demasiados intentos; vuelva a intentarlo en 660 s.',
    );
    expect(
      refusalText({ Code: 'player_not_found', Params: { player: 'PL2311' } }, t, 'es-ES'),
    ).toBe('No se encontró el jugador PL2311.');
    expect(
      refusalText({ Code: 'right_beyond_own', Params: { right: 'seeCasino' } }, t, 'es-ES'),
    ).toContain(text(files.es, 'agentSignUps.rightNames.seeCasino'));
    expect(
      refusalText(
        { Code: 'cap_above_parent', Params: { field: 'MaxWagerCap', cap: 6_000_050 } },
        t,
        'es-ES',
      ),
    ).toBe('«Tope de apuesta máxima» supera el tope del agente superior (60.000,50).');
  });
});
