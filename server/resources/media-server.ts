import { mediaServerResource } from '../../domain';
import { tableBinding } from '../crud/binding';
import { mediaServer } from '../db/schema';
import { soundFile } from '../files/sound-file';

/** Media servers (C-MS): a plain resource with one sound (any audio, stored as the WAV Asterisk plays). */
export const mediaServerBinding = tableBinding({
  definition: mediaServerResource,
  table: mediaServer,
  id: mediaServer.id,
  fields: { id: mediaServer.id, number: mediaServer.number, sound: mediaServer.sound, enabled: mediaServer.enabled },
  orderBy: [mediaServer.number],
  files: { sound: soundFile() },
  conflicts: { media_server_number_unique: { status: 406, message: 'errors.duplicate', path: 'number' } },
});
