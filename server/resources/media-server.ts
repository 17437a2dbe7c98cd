import { asteriskWavProblem, mediaServerResource } from '../../domain';
import { tableBinding } from '../crud/binding';
import { mediaServer } from '../db/schema';
import { invalid } from '../errors';

/** Media servers (C-MS): a plain resource with one sound; Asterisk plays only 8 kHz 16-bit mono PCM WAV. */
export const mediaServerBinding = tableBinding({
  definition: mediaServerResource,
  table: mediaServer,
  id: mediaServer.id,
  fields: { id: mediaServer.id, number: mediaServer.number, sound: mediaServer.sound, enabled: mediaServer.enabled },
  orderBy: [mediaServer.number],
  files: {
    sound: {
      accept(upload) {
        const problem = asteriskWavProblem(upload.bytes);
        if (problem) throw invalid([{ path: 'sound', message: problem }]);
        return { bytes: upload.bytes, ext: 'wav' };
      },
    },
  },
  conflicts: { media_server_number_unique: { status: 406, message: 'errors.duplicate', path: 'number' } },
});
