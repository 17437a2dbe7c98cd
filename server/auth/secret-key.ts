import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * The machine keys Callboard hands out once (kiosk screen keys, click-to-call secrets): random bytes as
 * base64url, stored as a hex SHA-256 digest. The key is random, so a fast digest is safe to store
 * (there is nothing to brute-force) and cheap on the routes that check it on every request; argon2 is
 * for chosen passwords.
 */
export function hashSecretKey(key: string): string {
  return createHash('sha256').update(key, 'utf8').digest('hex');
}

/** A new key of `bytes` random bytes, its digest and its last `hintLength` characters (what lists show). */
export function newSecretKey(bytes: number, hintLength: number): { key: string; hash: string; hint: string } {
  const key = randomBytes(bytes).toString('base64url');
  return { key, hash: hashSecretKey(key), hint: key.slice(-hintLength) };
}

/** Constant-time comparison of a presented key with a stored digest. */
export function secretKeyMatches(key: string, hash: string): boolean {
  const a = Buffer.from(hashSecretKey(key), 'hex');
  const b = Buffer.from(hash, 'hex');
  return a.length === b.length && timingSafeEqual(a, b);
}
