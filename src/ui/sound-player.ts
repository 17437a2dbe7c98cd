import { authHeaders, API_BASE } from '../api/client';

/**
 * The one sound that plays (F-AUD-01..07): sounds are fetched with the bearer token, made into a
 * local object URL and played; starting one stops the one before; listeners hear when the playing
 * sound changes (its key, or null when none plays), so each play button shows play or pause.
 */
type Listener = (playing: string | null) => void;

let audio: HTMLAudioElement | null = null;
let playingKey: string | null = null;
let objectUrl: string | null = null;
const listeners = new Set<Listener>();

function announce(key: string | null): void {
  playingKey = key;
  for (const listener of listeners) listener(key);
}

export function onSoundChange(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function playingSound(): string | null {
  return playingKey;
}

/** Fetches a sound of the API with the bearer token (throws on a failed answer: 'Cannot load', F-AUD-07). */
export async function fetchSound(path: string): Promise<Blob> {
  const response = await fetch(`${API_BASE}/${path.replace(/^\//, '')}`, { headers: authHeaders() });
  if (!response.ok) throw new Error(`HTTP ${response.status}`);
  return response.blob();
}

/** Stops whatever plays (leaving a screen, F-AUD-04). */
export function stopSound(): void {
  audio?.pause();
  if (objectUrl) URL.revokeObjectURL(objectUrl);
  audio = null;
  objectUrl = null;
  announce(null);
}

/** Plays the sound at `path` as `key`, stopping any other (F-AUD-02); back to none at the end (F-AUD-03). */
export async function playSound(key: string, path: string): Promise<void> {
  stopSound();
  const blob = await fetchSound(path);
  objectUrl = URL.createObjectURL(blob);
  const current = new Audio(objectUrl);
  audio = current;
  current.addEventListener('ended', () => {
    if (audio === current) stopSound();
  });
  announce(key);
  await current.play();
}
