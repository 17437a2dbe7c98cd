import { parameterListSchema } from '../parameters';
import { CEILING } from '../level-ceilings';
import { defineSingleton } from './singleton';

/**
 * The platform's system parameters (C-SYS), a singleton of the registry (J-ONE-02): the spec reads them
 * with GET and saves the whole key/value list with POST `getAllParams`. The supervisor (C-SYS-08) reads
 * and saves them all; any other signed-in user reads the public ones the shell needs (A-MENU-06/08).
 */
export const systemParametersSingleton = defineSingleton({
  name: 'systemParameters',
  path: 'getAllParams',
  view: 'server',
  levels: { read: CEILING.systemParameters, update: CEILING.systemParameters },
  scope: { of: 'platform' },
  openRead: true,
  save: 'POST',
  schema: () => parameterListSchema,
});

/** The platform's mail parameters (C-MAIL): GET and POST `getAllParamsMail`, the supervisor's alone. */
export const mailParametersSingleton = defineSingleton({
  name: 'mailParameters',
  path: 'getAllParamsMail',
  view: 'server',
  levels: { read: CEILING.mailParameters, update: CEILING.mailParameters },
  scope: { of: 'platform' },
  save: 'POST',
  schema: () => parameterListSchema,
});
