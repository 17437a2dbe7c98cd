/**
 * Validation messages travel as i18n keys so client and server share one wording.
 * A message with parameters is encoded as `key|{"min":1}`; `decodeMessage` splits it again.
 */
export type MessageParams = Record<string, string | number>;

export function msg(key: string, params?: MessageParams): string {
  return params ? `${key}|${JSON.stringify(params)}` : key;
}

export function decodeMessage(message: string): { key: string; params: MessageParams } {
  const bar = message.indexOf('|');
  if (bar < 0) return { key: message, params: {} };
  try {
    return { key: message.slice(0, bar), params: JSON.parse(message.slice(bar + 1)) as MessageParams };
  } catch {
    return { key: message.slice(0, bar), params: {} };
  }
}

/** Character classes named by the spec (spec 1 §5, spec 2 §5). */
export const PATTERNS = {
  /** letters, digits, underscore and space (corp url and name, IVR, queue, poll names) */
  wordSpace: /^[\p{L}\p{N}_ ]*$/u,
  /** corp monPath: letters, digits and - + * . / */
  monPath: /^[\p{L}\p{N}\-+*./]*$/u,
  /** corp webHook: letters, digits and - + * . : # / */
  webHook: /^[\p{L}\p{N}\-+*.:#/]*$/u,
  /** letters, digits and spaces (extension description) */
  letterDigitSpace: /^[\p{L}\p{N} ]*$/u,
  /** extension-style password: letters, digits, _ + * . @ space - */
  extPassword: /^[\p{L}\p{N}_+*.@ -]*$/u,
  /** login fields: letters, digits, space and common punctuation (spec 1 §5) */
  loginSafe: /^[\p{L}\p{N} !"#$%&'()*+,\-./:;<=>?@[\]^_`{|}~]*$/u,
  /** a colour with or without '#': 6 hex digits (alpha added) or 8 */
  hexColour: /^#?([0-9a-fA-F]{6}|[0-9a-fA-F]{8})$/,
  digits: /^[0-9]+$/,
} as const;
