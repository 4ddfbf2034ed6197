// A new account's first access, as its maker asks for it (a new player or a new agent): a first
// password, checked by the password policy and hashed, or an access link e-mailed on the origin of
// the page it was asked from, which the site must allow.
import type { AccessKind } from '@backline/contract';
import { hashPassword } from '../auth/password.ts';
import type { Executor } from '../db/query.ts';
import { ValidationError } from '../errors.ts';
import { allowedOriginOf } from './access-links.ts';
import { checkNewPassword } from './password-policy.ts';

export async function firstAccess(
  ex: Executor,
  siteId: number,
  req: {
    access: AccessKind;
    password?: string | undefined;
    currentURL?: string | undefined;
    /** The new account's names, which its password must not contain. */
    login: string;
    email?: string | null | undefined;
  },
): Promise<{ passwordHash: string | null; origin: string | null }> {
  if (req.access === 'password') {
    if (req.password === undefined)
      throw new ValidationError('field_required', { field: 'password' });
    await checkNewPassword(req.password, null, 'password', [req.login, req.email]);
    return { passwordHash: await hashPassword(req.password), origin: null };
  }
  if (req.currentURL === undefined)
    throw new ValidationError('field_required', { field: 'currentURL' });
  return { passwordHash: null, origin: await allowedOriginOf(ex, siteId, req.currentURL) };
}
