import type { PbxError } from '../pbx';

/** PbxError → the API status it answers as. */
export function pbxStatus(error: PbxError): number {
  switch (error.code) {
    case 'not_found':
      return 404;
    case 'invalid':
      return 400;
    case 'conflict':
      return 409;
    default:
      return 503;
  }
}
