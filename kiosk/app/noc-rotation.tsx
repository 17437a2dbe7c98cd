/**
 * H-NOC-01: a NOC screen (the supervisor's, of the system corp) rotates across the corps it names,
 * one corp's floor a page for the screen's seconds per board. Each page reads its corp with a page
 * token of its own (POST /kiosk/noc/token: 60 s, read-only, that corp only; asked again every 40 s
 * while the page shows), over a hub connection of its own that the next page replaces; the server
 * refuses any corp the screen does not name. The list of corps is read again each time round, so a
 * change of the screen applies without touching the TV. Loaded only by NOC screens (a lazy chunk).
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import type { NocCorp } from '../../domain/kiosk-fleet';
import type { KioskSessionGrant } from '../../machines/kiosk-session-machine';
import type { KioskUrl } from '../kiosk-url';
import { createKioskLive, type KioskLive } from '../live/kiosk-live';
import { getWithToken, postWithToken } from '../session/exchange';
import { useKioskText } from '../kiosk-text-context';
import { KioskContext, type KioskContextValue } from './kiosk-context';
import { KioskScreen } from './kiosk-screen';

/** a page token is asked again this often (it lives 60 s) */
const PAGE_TOKEN_REFRESH_MS = 40_000;
const RETRY_MS = 5_000;

/**
 * Runs `step` now, then again after the delay it answers (null: not again), or after RETRY_MS when it
 * fails (the server down, a token not yet there); `stopped` tells a step whose answer came too late.
 * Returns the stop.
 */
function repeat(step: (stopped: () => boolean) => Promise<number | null>): () => void {
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const run = async () => {
    let next: number | null;
    try {
      next = await step(() => stopped);
    } catch {
      next = RETRY_MS;
    }
    if (!stopped && next !== null) timer = setTimeout(() => void run(), next);
  };
  void run();
  return () => {
    stopped = true;
    clearTimeout(timer);
  };
}

function tokenOf(token: () => string | null): string {
  const value = token();
  if (!value) throw new Error('no kiosk token yet');
  return value;
}

interface NocRotationProps {
  url: KioskUrl;
  grant: KioskSessionGrant;
  /** the screen's own token (the session's, refreshed by it) */
  screenToken: () => string | null;
  onConnectionLost: () => void;
}

export default function NocRotation({ url, grant, screenToken, onConnectionLost }: NocRotationProps) {
  const { t } = useKioskText();
  const [pages, setPages] = useState<NocCorp[] | null>(null);
  const [index, setIndex] = useState(0);
  const [round, setRound] = useState(0);

  useEffect(
    () =>
      repeat(async (stopped) => {
        const list = await getWithToken<NocCorp[]>('/kiosk/noc', tokenOf(screenToken));
        if (!stopped()) setPages(list);
        return null;
      }),
    [screenToken, round],
  );

  const count = pages?.length ?? 0;
  useEffect(() => {
    if (count === 0) return;
    const timer = setInterval(() => {
      setIndex((i) => {
        const next = (i + 1) % count;
        // once round: read the list again
        if (next === 0) setRound((r) => r + 1);
        return next;
      });
    }, grant.screen.secondsPerBoard * 1000);
    return () => clearInterval(timer);
  }, [count, grant.screen.secondsPerBoard]);

  if (!pages) return null;
  const corp = pages[index % Math.max(1, count)];
  if (!corp) return <p className="flex h-full items-center justify-center text-[5vh] text-k-muted" data-testid="kiosk-noc-empty">{t('kiosk.noc.none')}</p>;
  return <NocPage key={corp.id} corp={corp} url={url} grant={grant} screenToken={screenToken} onConnectionLost={onConnectionLost} />;
}

function NocPage({ corp, url, grant, screenToken, onConnectionLost }: NocRotationProps & { corp: NocCorp }) {
  const pageToken = useRef<string | null>(null);
  const [live, setLive] = useState<KioskLive | null>(null);
  useEffect(() => {
    let created: KioskLive | null = null;
    const stop = repeat(async (stopped) => {
      pageToken.current = (await postWithToken<{ token: string }>('/kiosk/noc/token', tokenOf(screenToken), { corpId: corp.id })).token;
      if (stopped()) return null;
      created ??= createKioskLive({ corpId: corp.id, token: () => pageToken.current, onConnectionLost });
      setLive(created);
      return PAGE_TOKEN_REFRESH_MS;
    });
    return () => {
      stop();
      void created?.dispose();
    };
  }, [corp.id, screenToken, onConnectionLost]);

  // the page shows the screen's first board of the corp, under the corp's name
  const config = useMemo(() => ({ ...grant.screen, name: `${grant.screen.name} · ${corp.name}`, boards: grant.screen.boards.slice(0, 1) }), [grant.screen, corp.name]);
  const value = useMemo<KioskContextValue | null>(() => (live ? { live, config, url, token: () => pageToken.current } : null), [live, config, url]);
  if (!value) return null;
  return (
    <KioskContext.Provider value={value}>
      <div className="h-full" data-testid="kiosk-noc-page" data-corp={corp.url}>
        <KioskScreen />
      </div>
    </KioskContext.Provider>
  );
}
