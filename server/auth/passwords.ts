import argon2 from 'argon2';

export interface HashOptions {
  memoryCost: number;
  timeCost: number;
  parallelism: number;
}

/** OWASP's argon2id minimum (19 MiB, 2 passes): about 30-60 ms per hash on a small server. */
export const PRODUCTION_HASH: HashOptions = { memoryCost: 19_456, timeCost: 2, parallelism: 1 };
/** Cheap parameters for tests; verify reads the parameters from the hash itself. */
export const TEST_HASH: HashOptions = { memoryCost: 1024, timeCost: 1, parallelism: 1 };

export function hashPassword(password: string, options: HashOptions): Promise<string> {
  return argon2.hash(password, { type: argon2.argon2id, ...options });
}

export async function verifyPassword(hash: string, password: string): Promise<boolean> {
  try {
    return await argon2.verify(hash, password);
  } catch {
    return false;
  }
}

/** A hash that never verifies, used to spend the same time when the nick does not exist. */
let dummyHash: Promise<string> | null = null;
export function burnVerify(options: HashOptions, password: string): Promise<boolean> {
  dummyHash ??= hashPassword('callboard-dummy-' + Math.random().toString(36), options);
  return dummyHash.then((hash) => verifyPassword(hash, password)).then(() => false);
}
