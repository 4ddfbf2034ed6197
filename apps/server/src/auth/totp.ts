// The authenticator app's codes (RFC 6238 through otpauth): 30-second steps, 6 digits, SHA-1 (what
// every app reads), one step either side for clocks a little off; and the one-time recovery codes.
import { randomInt } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import { hashPassword } from './password.ts';

export const TOTP_PERIOD = 30;
export const TOTP_WINDOW = 1;
export const RECOVERY_CODE_COUNT = 10;
/** Characters of a recovery code, dashes left out. */
export const RECOVERY_CODE_LENGTH = 10;

const ISSUER = 'Backline';

function totpOf(secretBase32: string, label = '') {
  return new TOTP({
    issuer: ISSUER,
    label,
    algorithm: 'SHA1',
    digits: 6,
    period: TOTP_PERIOD,
    secret: Secret.fromBase32(secretBase32),
  });
}

/** A new key of 160 bits (RFC 4226's advice), base32 as the apps take it. */
export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

/** The otpauth:// address a QR code carries: the site's name and the agent's login as its label. */
export function totpUri(secretBase32: string, label: string): string {
  return totpOf(secretBase32, label).toString();
}

/** The time step of `at`. */
export function totpStep(at: Date): number {
  return Math.floor(at.getTime() / 1000 / TOTP_PERIOD);
}

/** The time step the code belongs to within the window around `at`, or null when it is none. */
export function matchTotp(secretBase32: string, code: string, at: Date): number | null {
  const delta = totpOf(secretBase32).validate({
    token: code,
    timestamp: at.getTime(),
    window: TOTP_WINDOW,
  });
  return delta === null ? null : totpStep(at) + delta;
}

// No 0/O or 1/l/i: a code is read off paper and typed again.
const ALPHABET = '23456789abcdefghjkmnpqrstuvwxyz';

/** `xxxx-xxxx-xx`: 10 characters of 31, about 49 bits, each code good once. */
export function newRecoveryCode(): string {
  const chars = Array.from(
    { length: RECOVERY_CODE_LENGTH },
    () => ALPHABET[randomInt(ALPHABET.length)],
  );
  return `${chars.slice(0, 4).join('')}-${chars.slice(4, 8).join('')}-${chars.slice(8).join('')}`;
}

/** A recovery code as compared: case, spaces and dashes as typed do not matter. */
export function recoveryCodeTyped(code: string): string {
  return code.toLowerCase().replace(/[^0-9a-z]/g, '');
}

/**
 * The stored form of a recovery code: argon2id with its own salt, as a password is kept. About 49
 * bits is below the 112 at which a plain hash would do (ASVS 5 6.5.2): a stolen table must cost a
 * guesser a password hash per try.
 */
export function hashRecoveryCode(code: string): Promise<string> {
  return hashPassword(recoveryCodeTyped(code));
}
