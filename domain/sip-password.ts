/**
 * SIP passwords a real Asterisk reads (I-SEC-01). An endpoint that answers on the network with a
 * guessable secret is the classic toll-fraud door: scanners try the extension number, the number with
 * the company's name (the demo's `acme-201`), short digit strings and repeated characters before
 * anything else. With PBX=ari the extension schema refuses a new or changed password that is one of
 * these, and the server counts the ones already stored at start (never printing them).
 */

/** The shortest SIP password taken where Asterisk reads it (a random 10-character secret is out of reach of online guessing). */
export const SIP_PASSWORD_STRONG_MIN = 10;
/** Fewer distinct characters than this is a pattern ('aaaaaaaaaa', 'acmeacmeacme'), not a secret. */
const MIN_DISTINCT_CHARACTERS = 6;

export type SipPasswordWeakness = 'short' | 'numeric' | 'extension' | 'repetitive';

/**
 * Why a SIP password is weak for the extension `number`, or null when it is strong enough: shorter
 * than SIP_PASSWORD_STRONG_MIN, without a letter (number-like), containing the extension's number
 * (`201`, `acme-201`, `globex-1001`), or too few distinct characters.
 */
export function sipPasswordWeakness(pass: string, number?: string): SipPasswordWeakness | null {
  if (pass.length < SIP_PASSWORD_STRONG_MIN) return 'short';
  if (!/\p{L}/u.test(pass)) return 'numeric';
  if (number && number.length > 0 && pass.includes(number)) return 'extension';
  if (new Set(pass.toLowerCase()).size < MIN_DISTINCT_CHARACTERS) return 'repetitive';
  return null;
}

export function isWeakSipPassword(pass: string, number?: string): boolean {
  return sipPasswordWeakness(pass, number) !== null;
}
