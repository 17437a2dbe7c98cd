import { Download, Pause, Play } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../ui/button';
import { downloadBlob } from '../ui/download';
import { fetchSound, onSoundChange, playingSound, playSound, stopSound } from '../ui/sound-player';
import { useSnackbar } from '../ui/snackbar';

/**
 * A row's sound (F-AUD): play / pause (one sound at a time, back to play at the end) and download,
 * fetched with the bearer token from `/{path}/{id}/files/{field}`; 'Cannot load' when it fails.
 */
export function SoundCell({ path, name, label }: { path: string; name: string | null | undefined; label: string }) {
  const { t } = useTranslation();
  const { notify } = useSnackbar();
  const [playing, setPlaying] = useState(() => playingSound() === path);
  useEffect(() => onSoundChange((key) => setPlaying(key === path)), [path]);
  // leaving the screen pauses the sound this cell started (F-AUD-04)
  useEffect(
    () => () => {
      if (playingSound() === path) stopSound();
    },
    [path],
  );
  if (!name) return <span className="text-muted">—</span>;
  const cannotLoad = () => notify(t('audio.cannotLoad'), 'danger');
  return (
    <span className="inline-flex items-center gap-1">
      <Button
        variant="ghost"
        size="icon-sm"
        aria-label={`${playing ? t('audio.pause') : t('audio.play')} ${label}`}
        aria-pressed={playing}
        onClick={() => (playing ? stopSound() : playSound(path, path).catch(cannotLoad))}
        data-testid={`sound-play-${label}`}
      >
        {playing ? <Pause /> : <Play />}
      </Button>
      <Button
        variant="ghost"
        size="icon-sm"
        aria-label={`${t('audio.download')} ${label}`}
        onClick={() =>
          fetchSound(path)
            .then((blob) => downloadBlob(blob, `${label}.wav`))
            .catch(cannotLoad)
        }
        data-testid={`sound-download-${label}`}
      >
        <Download />
      </Button>
    </span>
  );
}
