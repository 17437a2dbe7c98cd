import { tariffSchema } from '../reports/tariff';
import { CEILING } from '../level-ceilings';
import { defineSingleton } from './singleton';

/**
 * A corp's tariff (domain/reports/tariff.ts), a singleton of the registry (J-ONE-02): GET and PUT
 * `tariff`, the whole list of prices per destination group at once. The supervisor keeps it (the corp
 * view is theirs alone), always for a working corp.
 */
export const tariffSingleton = defineSingleton({
  name: 'tariff',
  path: 'tariff',
  view: 'cdr',
  levels: { read: CEILING.tariff, update: CEILING.tariff },
  scope: { of: 'corp', withoutWorkingCorp: 'choose' },
  schema: () => tariffSchema,
});
