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

/** The contract already enforces 8..128 characters; these are the rules that need the server. */
export async function checkNewPassword(
  password: string,
  oldHash: string | null,
  field = 'NewPassword',
): Promise<void> {
  if (COMMON.has(password.toLowerCase())) {
    throw new ValidationError('password_common', { field });
  }
  if (oldHash && (await verifyPassword(oldHash, password))) {
    throw new ValidationError('password_unchanged', { field });
  }
}
