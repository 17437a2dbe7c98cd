import { createHmac } from 'node:crypto';
import { decodeJwt, errors, jwtVerify, SignJWT } from 'jose';
import { isLevel, type TokenClaims } from '../../domain';

/** 8 h sessions (the panel refreshes every 60 s with POST /refresh). */
export const TOKEN_TTL_SECONDS = 8 * 60 * 60;
const ALGORITHM = 'HS256';

export interface IssuedToken {
  token: string;
  expiration: string;
}

export function secretKey(secret: string): Uint8Array {
  return new TextEncoder().encode(secret);
}

export async function signToken(claims: TokenClaims, key: Uint8Array, ttlSeconds = TOKEN_TTL_SECONDS): Promise<IssuedToken> {
  const now = Math.floor(Date.now() / 1000);
  const exp = now + ttlSeconds;
  const token = await new SignJWT({ corp: claims.corp, lvl: claims.lvl, kind: claims.kind })
    .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' })
    .setSubject(claims.sub)
    .setIssuedAt(now)
    .setExpirationTime(exp)
    .sign(key);
  return { token, expiration: new Date(exp * 1000).toISOString() };
}

/** Verifies signature (HS256 only), expiry and claim shapes; null when anything is wrong. */
export async function verifyToken(token: string, key: Uint8Array): Promise<TokenClaims | null> {
  try {
    const { payload } = await jwtVerify(token, key, { algorithms: [ALGORITHM], requiredClaims: ['exp', 'sub'] });
    const { sub, corp, lvl, kind } = payload as Record<string, unknown>;
    if (typeof sub !== 'string' || !/^[0-9]+$/.test(sub)) return null;
    if (typeof corp !== 'number' || !isLevel(lvl) || (kind !== 'user' && kind !== 'kiosk')) return null;
    return { sub, corp, lvl, kind };
  } catch (error) {
    if (error instanceof errors.JOSEError) return null;
    throw error;
  }
}

/**
 * The key a user's tokens are signed with: the app key bound to the user's password hash. A password
 * change (a new hash) changes the key, so every token issued before it fails its signature: the
 * user's other sessions end, as the kiosk screens' tokens end when their key rotates.
 */
export function userTokenKey(appKey: Uint8Array, passHash: string): Uint8Array {
  return new Uint8Array(createHmac('sha256', appKey).update(`user:${passHash}`).digest());
}

/** The user id a token claims, before any check (only to find the key to check it with); null for anything else. */
export function claimedUserId(token: string): number | null {
  try {
    const { sub, kind } = decodeJwt(token);
    return kind === 'user' && typeof sub === 'string' && /^[1-9][0-9]{0,9}$/.test(sub) && Number(sub) <= 2 ** 31 - 1 ? Number(sub) : null;
  } catch {
    return null;
  }
}

/** A key for one purpose derived from the app key (the hub's connection tokens): same secret, same key on every instance. */
export function purposeKey(appKey: Uint8Array, purpose: string): Uint8Array {
  return new Uint8Array(createHmac('sha256', appKey).update(`purpose:${purpose}`).digest());
}
