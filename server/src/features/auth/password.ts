import { hash, verify } from '@node-rs/argon2';

/**
 * Passwords are hashed with argon2id (OWASP parameters: 19 MiB, 2 passes, 1 lane) into a PHC string
 * that records its parameters. Hashing runs on libuv's thread pool, off the event loop.
 */
const OPTIONS = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password.normalize('NFKC'), OPTIONS);
}

export async function verifyPassword(phc: string, password: string): Promise<boolean> {
  try {
    return await verify(phc, password.normalize('NFKC'));
  } catch {
    return false;
  }
}

let dummyHash: Promise<string> | undefined;

/** Spends the time of a real verification, so unknown e-mails cannot be told apart by timing. */
export async function verifyAgainstDummy(password: string): Promise<false> {
  dummyHash ??= hashPassword('kaleido-timing-equaliser');
  await verifyPassword(await dummyHash, password);
  return false;
}
