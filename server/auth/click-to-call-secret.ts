import { C2C_RULES } from '../../domain';
import { hashSecretKey, newSecretKey, secretKeyMatches } from './secret-key';

/** hex SHA-256 of a click-to-call secret (secret-key.ts says why a fast digest) */
export const hashC2cSecret = hashSecretKey;

/** A new key's secret (answered once), its digest and the hint the list shows. */
export function newC2cSecret(): { secret: string; secretHash: string; secretHint: string } {
  const { key, hash, hint } = newSecretKey(C2C_RULES.secretBytes, C2C_RULES.hintLength);
  return { secret: key, secretHash: hash, secretHint: hint };
}

/** Constant-time comparison of a presented secret with a stored digest. */
export const c2cSecretMatches = secretKeyMatches;
