import { describe, expect, it } from 'vitest';
import en from '../../public/assets/i18n/en.json';
import es from '../../public/assets/i18n/es.json';

type Tree = { [key: string]: string | Tree };

function flatten(tree: Tree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out.set(path, value);
    else for (const [k, v] of flatten(value, path)) out.set(k, v);
  }
  return out;
}

function placeholders(text: string): string[] {
  return [...text.matchAll(/\{\{\s*(\w+)/g)].map((m) => m[1]!).sort();
}

const files = { en: flatten(en as Tree), es: flatten(es as Tree) };

describe('translation files', () => {
  it('have the same keys in every language', () => {
    expect([...files.es.keys()].sort()).toEqual([...files.en.keys()].sort());
  });

  it.each(Object.entries(files))('%s has no empty values', (_, entries) => {
    const empty = [...entries].filter(([, v]) => v.trim() === '').map(([k]) => k);
    expect(empty).toEqual([]);
  });

  it('use the same placeholders in every language', () => {
    for (const [key, text] of files.en) {
      expect(placeholders(files.es.get(key) ?? ''), key).toEqual(placeholders(text));
    }
  });

  it('keep the texts the specification fixes', () => {
    expect(files.en.get('common.loading')).toBe('Loading...');
    expect(files.en.get('errors.notFoundHeading')).toBe('Error 404');
    expect(files.en.get('errors.notFoundText')).toBe('Page Not Found');
    expect(files.en.get('errors.unauthorizedHeading')).toBe('Error 401');
    expect(files.en.get('errors.unauthorizedText')).toBe('Unauthorized');
  });
});
