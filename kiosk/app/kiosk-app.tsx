/**
 * The kiosk route's root: the session (key → 60 s tokens, kiosk-session-machine), then the kiosk
 * service for the screen's corp, then the screen. Messages for what a TV cannot fix by itself are
 * large and plain: an incomplete URL, a wrong key, a revoked screen; "connecting" while the server
 * cannot be reached (it keeps trying).
 */
import { useActorRef, useSelector } from '@xstate/react';
import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useKioskText } from '../kiosk-text-context';
import { fromPromise } from 'xstate';
import { deepEqual } from '../../streams/deep-equal';
import { kioskSessionMachine, type KioskSessionGrant } from '../../machines/kiosk-session-machine';
import type { KioskUrl } from '../kiosk-url';
import type { BenchProbe } from '../live/probe';
import { createKioskLive, type KioskLive } from '../live/kiosk-live';
import { exchangeKiosk } from '../session/exchange';
import { KioskContext, type KioskContextValue } from './kiosk-context';
import { KioskScreen } from './kiosk-screen';

/** H-NOC-01: only a NOC screen loads its rotation across corps. */
const NocRotation = lazy(() => import('./noc-rotation'));

export function KioskApp({ url }: { url: KioskUrl | null }) {
  const { t } = useKioskText();
  if (!url) return <Notice title={t('kiosk.session.missing')} hint={t('kiosk.session.missingHint')} testId="kiosk-missing" />;
  return <KioskSession url={url} />;
}

const sessionMachine = kioskSessionMachine.provide({
  actors: { exchange: fromPromise(({ input, signal }) => exchangeKiosk(input, signal)) },
});

function KioskSession({ url }: { url: KioskUrl }) {
  const { t } = useKioskText();
  const session = useActorRef(sessionMachine, { input: { corp: url.corp, screen: url.screen, key: url.key ?? '' } });
  const phase = useSelector(session, (s) => (s.matches('revoked') ? 'revoked' : s.matches('invalid') ? 'invalid' : s.matches('live') ? 'live' : 'starting'));
  const grant = useSelector(session, (s) => s.context.grant);
  const lastError = useSelector(session, (s) => s.context.lastError);

  if (phase === 'revoked') return <Notice title={t('kiosk.session.revoked')} hint={t('kiosk.session.revokedHint')} testId="kiosk-revoked" tone="danger" />;
  if (phase === 'invalid') return <Notice title={t('kiosk.session.invalid')} hint={t('kiosk.session.invalidHint')} testId="kiosk-invalid" tone="danger" />;
  if (!grant)
    return (
      <Notice title={t('kiosk.session.connecting', { corp: url.corp })} hint={lastError ? t('kiosk.session.retrying', { error: lastError }) : ''} testId="kiosk-connecting" />
    );
  if (grant.screen.noc) return <NocScope url={url} grant={grant} session={session} />;
  return <KioskLiveScope url={url} grant={grant} session={session} />;
}

function NocScope({ url, grant, session }: { url: KioskUrl; grant: KioskSessionGrant; session: ReturnType<typeof useActorRef<typeof sessionMachine>> }) {
  const screenToken = useCallback(() => session.getSnapshot().context.grant?.token ?? null, [session]);
  const lost = useCallback(() => session.send({ type: 'CHECK' }), [session]);
  return (
    <Suspense fallback={null}>
      <NocRotation url={url} grant={grant} screenToken={screenToken} onConnectionLost={lost} />
    </Suspense>
  );
}

/** The kiosk service lives as long as the session's corp; the screen reads it through useKiosk(). */
function KioskLiveScope({ url, grant, session }: { url: KioskUrl; grant: KioskSessionGrant; session: ReturnType<typeof useActorRef<typeof sessionMachine>> }) {
  const token = useCallback(() => session.getSnapshot().context.grant?.token ?? null, [session]);
  const corpId = grant.corpId;
  const [live, setLive] = useState<KioskLive | null>(null);
  useEffect(() => {
    let created: KioskLive | null = null;
    let disposed = false;
    const start = (probe?: BenchProbe) => {
      if (disposed) return;
      created = createKioskLive({ corpId, token, onConnectionLost: () => session.send({ type: 'CHECK' }), probe });
      setLive(created);
    };
    // the benchmark's probe is a chunk of its own: a TV never downloads it
    if (url.bench) {
      import('../live/bench-probe').then(
        ({ installBenchProbe }) => start(installBenchProbe()),
        (error: unknown) => console.error('kiosk: the benchmark probe did not load', error),
      );
    } else start();
    return () => {
      disposed = true;
      if (created) void created.dispose();
    };
  }, [corpId, token, session, url.bench]);

  // every refresh brings a new copy of the screen's settings: keep the old object while they are equal,
  // so boards do not restart (threshold levels, playlist) every 40 s
  const config = useStable(grant.screen);
  const value = useMemo<KioskContextValue | null>(() => (live ? { live, config, url, token } : null), [live, config, url, token]);
  if (!value) return null;
  return (
    <KioskContext.Provider value={value}>
      <KioskScreen />
    </KioskContext.Provider>
  );
}

export function Notice({ title, hint, testId, tone }: { title: string; hint: string; testId: string; tone?: 'danger' }) {
  return (
    <div className="flex h-full flex-col items-center justify-center gap-[3vh] p-[6vh] text-center" data-testid={testId}>
      <h1 className={`text-[7vh] leading-tight font-bold ${tone === 'danger' ? 'text-k-offline' : ''}`}>{title}</h1>
      {hint ? <p className="max-w-[70vw] text-[3.4vh] text-k-muted">{hint}</p> : null}
    </div>
  );
}

/** The same object for as long as the value is deep-equal to it. */
function useStable<T>(value: T): T {
  const kept = useRef(value);
  if (!deepEqual(kept.current, value)) kept.current = value;
  return kept.current;
}
