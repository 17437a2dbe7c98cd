import { useTranslation } from 'react-i18next';
import { AUDIO_SIZE_UNIT } from '../../domain/audio';
import { SoundCell } from './sound-cell';

/**
 * A file field of the dialog: the file to upload (the browser's picker with the accepted types) and,
 * when editing, the current file to hear or download. Choosing none keeps the current one.
 */
export function FileInput({
  id,
  accept,
  chosen,
  current,
  currentPath,
  onChoose,
  disabled,
  aria,
}: {
  id: string;
  accept?: readonly string[];
  chosen: File | null;
  current: string | null;
  currentPath: string | null;
  onChoose: (file: File | null) => void;
  disabled?: boolean;
  aria?: Record<string, unknown>;
}) {
  const { t } = useTranslation();
  return (
    <div className="flex flex-col gap-1.5">
      <input
        id={id}
        type="file"
        accept={accept?.join(',')}
        disabled={disabled}
        onChange={(e) => onChoose(e.target.files?.[0] ?? null)}
        className="text-sm file:mr-3 file:rounded-md file:border-0 file:bg-surface-3 file:px-3 file:py-1.5 file:text-text"
        data-testid={id}
        {...aria}
      />
      {chosen ? (
        <span className="text-xs text-muted">{t('audio.chosen', { name: chosen.name, size: Math.ceil(chosen.size / AUDIO_SIZE_UNIT) })}</span>
      ) : current && currentPath ? (
        <span className="inline-flex items-center gap-2 text-xs text-muted">
          {t('audio.current')}
          <SoundCell path={currentPath} name={current} label={id} />
        </span>
      ) : null}
    </div>
  );
}
