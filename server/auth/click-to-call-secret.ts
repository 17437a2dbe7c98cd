import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { C2C_RULES } from '../../domain';

/**
 * hex SHA-256 of a click-to-call secret. The secret is 32 random bytes, so a fast digest is safe to
 * store (there is nothing to brute-force) and cheap on a route a CRM calls per click; argon2 is for
 * chosen passwords.
 */
export function hashC2cSecret(secret: string): string {
  return createHash('sha256').update(secret, 'utf8').digest('hex');
}

/** A new key's secret (answered once), its digest and the hint the list shows. */
export function newC2cSecret(): { secret: string; secretHash: string; secretHint: string } {
  const secret = randomBytes(C2C_RULES.secretBytes).toString('base64url');
  return { secret, secretHash: hashC2cSecret(secret), secretHint: secret.slice(-C2C_RULES.hintLength) };
}

/** Constant-time comparison of a presented secret with a stored digest. */
export function c2cSecretMatches(secret: string, secretHash: string): boolean {
  const a = Buffer.from(hashC2cSecret(secret), 'hex');
  const b = Buffer.from(secretHash, 'hex');
  return a.length === b.length && timingSafeEqual(a, b);
}
