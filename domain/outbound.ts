/**
 * Outbound routing and call restrictions as patterns (issue 12: what spec 2's SIP routes and
 * restrictions mean when a call is made). Pure; the Asterisk dialplan generator
 * (server/asterisk/dialplan.ts) writes these rules into the dialplan, and the tests read them.
 *
 * - **SIP route** (C-SIP-05/06): a pattern of digits and dots and a final T, and a translation with
 *   the same rule. A digit matches itself, a dot any one digit, T the rest of the dialled number (which
 *   may be empty). The translation is a template: its digits are written as they are, each of its dots
 *   takes the digit the pattern's dot of the same rank matched, and its T the rest. So pattern `0..T`
 *   with translation `55..T` turns `011987654321` into `5511987654321`. A translation with more dots
 *   than its pattern leaves the extra ones out (the form cannot know the pattern's count for sure, and a
 *   route that dials something is better than none).
 * - **Restriction pattern** (C-ERS-05): digits, then an optional T for "any continuation".
 * - **Destination group** patterns are Asterisk's own (`_0XX9XXXXXXXX`, `_00.`).
 *
 * Which rule applies is Asterisk's pattern ranking (the most specific pattern wins), an extension's own
 * restrictions before its corp's, and a number no restriction names is allowed.
 */

/** Permit values (F-CONST-03): 0 refuse, 1 allow, 2 allow with the pin. */
export const RESTRICTION_PERMIT = { refuse: 0, allow: 1, pin: 2 } as const;

/** An Asterisk pattern for a SIP route's pattern: `0..T` → `_0XX!`. */
export function sipRouteDialPattern(pattern: string): string {
  return `_${pattern.replace(/T$/, '').replace(/\./g, 'X')}!`;
}

/** An Asterisk pattern for a free restriction pattern: `0900T` → `_0900!`, `0900` → `0900`. */
export function restrictionDialPattern(pattern: string): string {
  return pattern.endsWith('T') ? `_${pattern.slice(0, -1)}!` : pattern;
}

/** The parts of a translation: fixed digits, the k-th dot of the pattern, the rest. */
type Piece = { kind: 'digits'; digits: string } | { kind: 'dot'; at: number } | { kind: 'rest'; from: number };

function translationPieces(pattern: string, translation: string): Piece[] {
  const body = pattern.replace(/T$/, '');
  const dots = [...body].flatMap((ch, i) => (ch === '.' ? [i] : []));
  const pieces: Piece[] = [];
  let dot = 0;
  for (const ch of translation) {
    if (ch === 'T') pieces.push({ kind: 'rest', from: body.length });
    else if (ch === '.') {
      if (dot < dots.length) pieces.push({ kind: 'dot', at: dots[dot] });
      dot += 1;
    } else {
      const last = pieces[pieces.length - 1];
      if (last?.kind === 'digits') last.digits += ch;
      else pieces.push({ kind: 'digits', digits: ch });
    }
  }
  return pieces;
}

/** The number a SIP route dials for `dialled` (which its pattern matched): the reading translationExpression writes for Asterisk. */
export function translateNumber(pattern: string, translation: string, dialled: string): string {
  return translationPieces(pattern, translation)
    .map((p) => (p.kind === 'digits' ? p.digits : p.kind === 'dot' ? dialled.charAt(p.at) : dialled.slice(p.from)))
    .join('');
}

/** The same translation as an Asterisk expression over the channel variable `variable` (default EXTEN). */
export function translationExpression(pattern: string, translation: string, variable = 'EXTEN'): string {
  return translationPieces(pattern, translation)
    .map((p) => (p.kind === 'digits' ? p.digits : p.kind === 'dot' ? `\${${variable}:${p.at}:1}` : `\${${variable}:${p.from}}`))
    .join('');
}
