// Argon2id with OWASP's recommended cost (19 MiB, 2 passes); the hash string carries its parameters.
import { hash, verify } from '@node-rs/argon2';

const ARGON2ID = 2;
const OPTIONS = { algorithm: ARGON2ID, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

export async function verifyPassword(stored: string | null, password: string): Promise<boolean> {
  // With no stored hash, still spend the time of a verify so a missing account is not told apart.
  if (!stored) {
    await verify(await dummyHash(), password).catch(() => false);
    return false;
  }
  return verify(stored, password).catch(() => false);
}

let dummy: Promise<string> | undefined;
function dummyHash(): Promise<string> {
  dummy ??= hashPassword('backline-dummy-password');
  return dummy;
}
