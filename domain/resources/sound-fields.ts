import { AUDIO_UPLOAD_MAX_BYTES } from '../audio';
import type { FieldDef } from './define';

/**
 * A sound field (F-AUD, C-QUE-18): any audio the user has (the server stores it as the 8 kHz 16-bit
 * mono WAV Asterisk plays), with the size hint (C-IVR-08).
 */
export function soundField(name: string, options: Pick<NonNullable<FieldDef['file']>, 'requiredOnCreate' | 'requiredWhen' | 'missingKey' | 'nameField'> & Pick<FieldDef, 'visibleWhen' | 'wide'> = {}): FieldDef {
  const { visibleWhen, wide, ...file } = options;
  return { name, kind: 'file', accept: ['audio/*'], file: { maxBytes: AUDIO_UPLOAD_MAX_BYTES, ...file }, hintKey: 'audio.hint', visibleWhen, wide };
}
