import { useQuery } from '@tanstack/react-query';
import { useActorRef, useSelector } from '@xstate/react';
import { Delete, Mic, MicOff, Pause, Phone, PhoneIncoming, PhoneOff, Play, ServerOff } from 'lucide-react';
import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router';
import { isLanguage } from '../../../domain/constants';
import { DIAL_PAD_KEYS, WEBPHONE_TIMER_MS, type WebphoneCredentials } from '../../../domain/webphone';
import { isApiFailure } from '../../api/client';
import { setLanguage } from '../../app/i18n';
import { translateMessage } from '../../app/messages';
import { Badge } from '../../ui/badge';
import { Button } from '../../ui/button';
import { cn } from '../../ui/cn';
import { Spinner } from '../../ui/spinner';
import { connectPhone, type PhoneLine } from './jssip-phone';
import { callOf, callTimer, isMuted, phoneMachine, registrationOf, type RegistrationView } from './phone-machine';
import { webphoneCredentialsQuery } from './webphone-api';

/**
 * The web phone pop-up (B-WP-03/04): a chromeless route of the SPA (/{corp}/{lang}/webphone/phone?ext=N,
 * router.tsx), opened at 550×650 by the web phone screen. It signs in with the session the main window
 * left in browser storage (the API client reads the token), fetches the extension's SIP credentials and
 * the WebSocket address, and then:
 * - with the simulator (or no PBX) it says plainly that there is no SIP to register with, and how to get
 *   one (PBX=ari and the webrtcserver parameter); no pretend phone;
 * - without `webrtcserver` it says that parameter is missing;
 * - with Asterisk it is a JsSIP softphone (jssip-phone.ts) driven by the phone machine.
 */
export default function WebphonePopup() {
  const { t } = useTranslation();
  const { lang } = useParams();
  const [search] = useSearchParams();
  const number = search.get('ext') ?? '';
  useEffect(() => {
    if (lang && isLanguage(lang)) setLanguage(lang);
  }, [lang]);
  useEffect(() => {
    document.title = `${t('webphone.title')} ${number}`.trim();
  }, [t, number]);
  const credentials = useQuery({ ...webphoneCredentialsQuery(number), enabled: /^\d+$/.test(number) });

  let body: ReactNode;
  if (!/^\d+$/.test(number)) body = <Notice title={t('webphone.title')} text={t('webphone.errors.noExtension')} testId="webphone-popup-error" />;
  else if (credentials.isPending) body = <Spinner className="mx-auto mt-16 size-7 text-primary" label={t('common.loading')} />;
  else if (credentials.isError) {
    const error = credentials.error;
    const text = isApiFailure(error) && error.status === 401 ? t('webphone.errors.signedOut') : translateMessage(t, isApiFailure(error) ? error.body.message : 'errors.server');
    body = <Notice title={t('webphone.title')} text={text} testId="webphone-popup-error" />;
  } else if (credentials.data.pbx !== 'ari') {
    body = (
      <Notice title={t(credentials.data.pbx === 'simulator' ? 'webphone.simulator.title' : 'webphone.noPbx.title')} text={t(credentials.data.pbx === 'simulator' ? 'webphone.simulator.body' : 'webphone.noPbx.body')} testId="webphone-no-sip">
        <p className="text-xs text-muted">{t('webphone.simulator.how')}</p>
      </Notice>
    );
  } else if (!credentials.data.socketUrl) {
    body = <Notice title={t('webphone.notConfigured.title')} text={t('webphone.notConfigured.body')} testId="webphone-not-configured" />;
  } else body = <Softphone credentials={{ ...credentials.data, socketUrl: credentials.data.socketUrl }} />;

  return (
    <main className="flex min-h-dvh flex-col bg-surface-2 text-text" data-testid="webphone-popup">
      <header className="flex items-center justify-between border-b border-border bg-surface px-4 py-3">
        <h1 className="flex items-center gap-2 text-base font-semibold">
          <Phone className="size-4 text-primary" aria-hidden />
          {t('webphone.title')}
        </h1>
        <span className="text-sm text-muted" data-testid="webphone-popup-ext">
          {credentials.data ? `${credentials.data.number} · ${credentials.data.displayName}` : number}
        </span>
      </header>
      <div className="flex flex-1 flex-col p-4">{body}</div>
    </main>
  );
}

function Notice({ title, text, testId, children }: { title: string; text: string; testId: string; children?: ReactNode }) {
  return (
    <div className="mx-auto mt-10 flex max-w-sm flex-col items-center gap-3 rounded-2xl border border-border bg-surface p-6 text-center shadow-card" role="status" data-testid={testId}>
      <span className="inline-flex size-12 items-center justify-center rounded-2xl bg-warning-soft text-warning">
        <ServerOff className="size-6" aria-hidden />
      </span>
      <h2 className="text-base font-semibold">{title}</h2>
      <p className="text-sm text-muted">{text}</p>
      {children}
    </div>
  );
}

const REGISTRATION_TONE: Record<RegistrationView, 'neutral' | 'success' | 'danger' | 'warning'> = {
  connecting: 'warning',
  unregistered: 'neutral',
  registering: 'warning',
  registered: 'success',
  failed: 'danger',
};

function useNow(on: boolean): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!on) return;
    const timer = setInterval(() => setNow(Date.now()), WEBPHONE_TIMER_MS);
    return () => clearInterval(timer);
  }, [on]);
  return now;
}

function Softphone({ credentials }: { credentials: WebphoneCredentials & { socketUrl: string } }) {
  const { t } = useTranslation();
  const audio = useRef<HTMLAudioElement>(null);
  const line = useRef<PhoneLine | null>(null);
  const machine = useMemo(
    () =>
      phoneMachine.provide({
        actions: {
          startCall: (_, p) => line.current?.call(p.target),
          answerCall: () => line.current?.answer(),
          declineCall: () => line.current?.decline(),
          hangupCall: () => line.current?.hangup(),
          holdCall: () => line.current?.hold(),
          unholdCall: () => line.current?.unhold(),
          muteCall: () => line.current?.mute(),
          unmuteCall: () => line.current?.unmute(),
          sendDtmf: (_, p) => line.current?.dtmf(p.key),
          rejectBusy: (_, p) => line.current?.rejectBusy(p.id),
        },
      }),
    [],
  );
  const actor = useActorRef(machine);
  useEffect(() => {
    const connected = connectPhone(credentials, audio.current!, (event) => actor.send(event));
    line.current = connected;
    // closing the window un-registers at once (Asterisk drops the contact instead of waiting for it to expire)
    const close = () => connected.stop();
    window.addEventListener('pagehide', close);
    return () => {
      window.removeEventListener('pagehide', close);
      connected.stop();
      if (line.current === connected) line.current = null;
    };
  }, [credentials, actor]);

  const registration = useSelector(actor, registrationOf);
  const call = useSelector(actor, callOf);
  const muted = useSelector(actor, isMuted);
  const context = useSelector(actor, (s) => s.context);
  const talking = call === 'inCall' || call === 'held';
  const now = useNow(talking);
  const registered = registration === 'registered';

  return (
    <div className="mx-auto flex w-full max-w-sm flex-1 flex-col gap-4">
      <div className="flex items-center justify-between">
        <Badge tone={REGISTRATION_TONE[registration]} data-testid="webphone-registration" data-state={registration}>
          <span className="size-1.5 rounded-full bg-current" aria-hidden />
          {t(`webphone.registration.${registration}`)}
        </Badge>
        {registration === 'failed' && context.registrationError ? <span className="text-xs text-danger">{context.registrationError}</span> : null}
      </div>

      <section className="flex flex-col items-center gap-1 rounded-2xl border border-border bg-surface px-4 py-4 shadow-card" aria-live="polite">
        <span className="text-xs tracking-wide text-muted uppercase" data-testid="webphone-call-state" data-state={call}>
          {t(`webphone.call.${call}`)}
          {call === 'ended' && context.endCause ? ` · ${t(`webphone.ended.${context.endCause}`)}` : ''}
        </span>
        {call === 'idle' || (call === 'ended' && !context.remote) ? (
          <input
            className="w-full bg-transparent text-center font-mono text-3xl tracking-widest outline-none"
            value={context.dialed}
            onChange={(e) => actor.send({ type: 'SET_DIALED', value: e.target.value })}
            onKeyDown={(e) => {
              if (e.key === 'Enter') actor.send({ type: 'DIAL' });
            }}
            placeholder={t('webphone.dialPlaceholder')}
            aria-label={t('webphone.number')}
            inputMode="tel"
            data-testid="webphone-dialed"
          />
        ) : (
          <span className="font-mono text-3xl tracking-widest" data-testid="webphone-remote">
            {context.remote}
          </span>
        )}
        <span className={cn('font-mono text-lg tabular-nums', talking ? 'text-text' : 'text-muted')} data-testid="webphone-timer">
          {callTimer(talking ? context.connectedAt : null, now)}
        </span>
      </section>

      <div className="grid grid-cols-3 gap-2" role="group" aria-label={t('webphone.dialPad')}>
        {DIAL_PAD_KEYS.map((key) => (
          <Button key={key} variant="secondary" size="lg" className="h-12 font-mono text-xl" onClick={() => actor.send({ type: 'KEY', key })} data-testid={`webphone-key-${key}`}>
            {key}
          </Button>
        ))}
      </div>

      <div className="flex items-center justify-center gap-3">
        {call === 'ringing' ? (
          <>
            <Button size="lg" className="bg-success hover:bg-success" onClick={() => actor.send({ type: 'ANSWER' })} data-testid="webphone-answer">
              <PhoneIncoming aria-hidden />
              {t('webphone.answer')}
            </Button>
            <Button size="lg" variant="danger" onClick={() => actor.send({ type: 'DECLINE' })} data-testid="webphone-decline">
              <PhoneOff aria-hidden />
              {t('webphone.decline')}
            </Button>
          </>
        ) : call === 'calling' || call === 'ringback' || talking ? (
          <>
            {talking ? (
              <>
                <Button variant="secondary" size="lg" onClick={() => actor.send({ type: call === 'held' ? 'UNHOLD' : 'HOLD' })} aria-pressed={call === 'held'} data-testid="webphone-hold">
                  {call === 'held' ? <Play aria-hidden /> : <Pause aria-hidden />}
                  {t(call === 'held' ? 'webphone.unhold' : 'webphone.hold')}
                </Button>
                <Button variant="secondary" size="lg" onClick={() => actor.send({ type: muted ? 'UNMUTE' : 'MUTE' })} aria-pressed={muted} data-testid="webphone-mute">
                  {muted ? <MicOff aria-hidden /> : <Mic aria-hidden />}
                  {t(muted ? 'webphone.unmute' : 'webphone.mute')}
                </Button>
              </>
            ) : null}
            <Button size="lg" variant="danger" onClick={() => actor.send({ type: 'HANGUP' })} data-testid="webphone-hangup">
              <PhoneOff aria-hidden />
              {t('webphone.hangup')}
            </Button>
          </>
        ) : (
          <>
            <Button size="lg" className="min-w-32 bg-success hover:bg-success" disabled={!registered || context.dialed === ''} onClick={() => actor.send({ type: 'DIAL' })} data-testid="webphone-call">
              <Phone aria-hidden />
              {t('webphone.call.dial')}
            </Button>
            <Button variant="ghost" size="icon" disabled={context.dialed === ''} onClick={() => actor.send({ type: 'BACKSPACE' })} aria-label={t('webphone.backspace')} data-testid="webphone-backspace">
              <Delete aria-hidden />
            </Button>
          </>
        )}
      </div>
      {!registered ? <p className="text-center text-xs text-muted">{t('webphone.registerFirst')}</p> : null}
      <audio ref={audio} autoPlay className="hidden" data-testid="webphone-audio" />
    </div>
  );
}
