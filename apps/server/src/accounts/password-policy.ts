// What a new password must be: long enough, not a common one, not the old one (OWASP ASVS 5, V6).
import { readFileSync } from 'node:fs';
import { ValidationError } from '../errors.ts';
import { verifyPassword } from '../auth/password.ts';

/**
 * The first 3,000 entries of SecLists' "10-million-password-list-top-10000.txt"
 * (danielmiessler/SecLists, Passwords/Common-Credentials), from Mark Burnett's 10 million password
 * corpus, most common first. Compared without regard to case.
 */
const COMMON = new Set(
  readFileSync(new URL('./data/common-passwords.txt', import.meta.url), 'utf8')
    .split('\n')
    .map((l) => l.trim().toLowerCase())
    .filter(Boolean),
);

export const COMMON_PASSWORD_COUNT = COMMON.size;

/**
 * Words of this product and trade a password must not contain (ASVS 5 6.1.2 and 6.2.11), besides
 * the account's own login and e-mail name: what a guesser who knows where the account lives tries
 * first.
 */
export const CONTEXT_WORDS = ['backline', 'sportsbook', 'bookie', 'bookmaker', 'racebook'] as const;

/** The words of an account (its login, the e-mail's name) long enough to matter, lower case. */
function accountWords(context: readonly (string | null | undefined)[]): string[] {
  return context
    .flatMap((w) => (w ? [w.split('@')[0]!] : []))
    .map((w) => w.toLowerCase())
    .filter((w) => w.length >= 4);
}

/**
 * The contract already enforces 8..128 characters; these are the rules that need the server.
 * `context` names the account (login, e-mail), whose words the password must not contain.
 */
export async function checkNewPassword(
  password: string,
  oldHash: string | null,
  field = 'NewPassword',
  context: readonly (string | null | undefined)[] = [],
): Promise<void> {
  const lower = password.toLowerCase();
  if (COMMON.has(lower)) {
    throw new ValidationError('password_common', { field });
  }
  if ([...CONTEXT_WORDS, ...accountWords(context)].some((w) => lower.includes(w))) {
    throw new ValidationError('password_context', { field });
  }
  if (oldHash && (await verifyPassword(oldHash, password))) {
    throw new ValidationError('password_unchanged', { field });
  }
}
