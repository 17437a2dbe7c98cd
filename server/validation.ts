import { z } from 'zod';
import { msg } from '../domain';

/**
 * Default messages for issues a schema does not word itself (a missing body field, a wrong type):
 * the API always answers i18n keys, never zod's English. Schema-level messages win over these.
 */
export function configureZodMessages(): void {
  z.config({
    customError: (issue) => {
      if (issue.code === 'invalid_type' && issue.input === undefined) return 'validation.required';
      if (issue.code === 'too_small' && issue.origin === 'string') return msg('validation.minLength', { min: Number(issue.minimum) });
      if (issue.code === 'too_big' && issue.origin === 'string') return msg('validation.maxLength', { max: Number(issue.maximum) });
      return 'validation.invalid';
    },
  });
}
