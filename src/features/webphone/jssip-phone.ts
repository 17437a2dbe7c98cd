/**
 * The thin adapter between JsSIP and the phone machine (B-WP-03): JsSIP's UA and session events become
 * PhoneEvents, the machine's named effects become JsSIP calls. Nothing here decides anything; the
 * machine does. Imported only by the pop-up, so JsSIP is in the pop-up's lazy chunk alone.
 *
 * Why JsSIP (3.x): kept up (releases through 2026), typed, three small dependencies, and its UA does
 * what a softphone needs (register, reconnect with back-off, call, answer, hold by re-INVITE, DTMF).
 */
import { UA, WebSocketInterface } from 'jssip';
import type { RTCSession } from 'jssip/lib/RTCSession';
import type { RTCSessionEvent } from 'jssip/lib/UA';
import { sipDomainOf, type WebphoneCredentials } from '../../../domain/webphone';
import type { EndCause, PhoneEvent } from './phone-machine';

export interface PhoneLine {
  call(target: string): void;
  answer(): void;
  decline(): void;
  hangup(): void;
  hold(): void;
  unhold(): void;
  mute(): void;
  unmute(): void;
  dtmf(key: string): void;
  rejectBusy(id: string): void;
  stop(): void;
}

/** JsSIP's causes (JsSIP.C.causes) as the pop-up words them. */
export function endCauseOf(cause: string | undefined, originator: string): EndCause {
  switch (cause) {
    case 'Busy':
      return 'busy';
    case 'Rejected':
      return originator === 'local' ? 'declined' : 'busy';
    case 'Unavailable':
    case 'Not Found':
    case 'Request Timeout':
    case 'No Answer':
    case 'Address Incomplete':
      return 'unavailable';
    case 'Canceled':
      return originator === 'local' ? 'canceled' : 'remote';
    case 'Terminated':
    case 'BYE':
      return originator === 'local' ? 'hangup' : 'remote';
    default:
      return 'failed';
  }
}

/**
 * G.711 only (and DTMF events). Callboard's WSS endpoints allow opus, ulaw and alaw, but Callboard's
 * Asterisk loads no codec_opus (server/asterisk/config.ts; stock builds cannot ship it), so a browser
 * talking opus to a UDP phone has no translation path: Asterisk logs "No path to translate" and drops
 * the call right after the answer (seen in the real-Asterisk e2e). G.711 needs no transcoding anywhere.
 * Set on every transceiver before each offer or answer, so the local and remote descriptions agree.
 */
export function g711Only<T extends { mimeType: string }>(codecs: readonly T[]): T[] {
  return codecs.filter((c) => /^audio\/(PCMU|PCMA|telephone-event)$/i.test(c.mimeType));
}

function restrictToG711(pc: RTCPeerConnection): void {
  const capabilities = typeof RTCRtpReceiver !== 'undefined' && RTCRtpReceiver.getCapabilities ? RTCRtpReceiver.getCapabilities('audio') : null;
  if (!capabilities) return;
  const codecs = g711Only(capabilities.codecs);
  for (const transceiver of pc.getTransceivers()) {
    if (transceiver.receiver.track.kind === 'audio' && 'setCodecPreferences' in transceiver) transceiver.setCodecPreferences(codecs);
  }
}

function withG711(pc: RTCPeerConnection): void {
  const createOffer = pc.createOffer.bind(pc) as (options?: RTCOfferOptions) => Promise<RTCSessionDescriptionInit>;
  const createAnswer = pc.createAnswer.bind(pc) as (options?: RTCAnswerOptions) => Promise<RTCSessionDescriptionInit>;
  Object.assign(pc, {
    createOffer: (options?: RTCOfferOptions) => {
      restrictToG711(pc);
      return createOffer(options);
    },
    createAnswer: (options?: RTCAnswerOptions) => {
      restrictToG711(pc);
      return createAnswer(options);
    },
  });
}

const MEDIA = { audio: true, video: false } as const;

export function connectPhone(credentials: WebphoneCredentials & { socketUrl: string }, audio: HTMLAudioElement, send: (event: PhoneEvent) => void): PhoneLine {
  const domain = sipDomainOf(credentials.socketUrl);
  const ua = new UA({
    sockets: [new WebSocketInterface(credentials.socketUrl)],
    uri: `sip:${credentials.username}@${domain}`,
    authorization_user: credentials.username,
    password: credentials.password,
    display_name: credentials.displayName,
    register: true,
    session_timers: false,
    user_agent: 'Callboard web phone',
  });
  let current: RTCSession | null = null;
  const waiting = new Map<string, RTCSession>();
  let counter = 0;
  let stopped = false;

  const playRemote = (pc: RTCPeerConnection) => {
    pc.addEventListener('track', (e) => {
      audio.srcObject = e.streams[0] ?? new MediaStream([e.track]);
      void audio.play().catch(() => {});
    });
  };

  const follow = (session: RTCSession) => {
    session.on('peerconnection', (e) => {
      const pc = e.peerconnection as unknown as RTCPeerConnection;
      withG711(pc);
      playRemote(pc);
    });
    session.on('progress', () => {
      if (session === current && session.direction === 'outgoing') send({ type: 'PROGRESS' });
    });
    session.on('confirmed', () => {
      if (session === current) send({ type: 'CONFIRMED', at: Date.now() });
    });
    const end = (e: { cause?: string; originator: string }) => {
      if (session !== current) return;
      current = null;
      audio.srcObject = null;
      send({ type: 'ENDED', cause: endCauseOf(e.cause, e.originator) });
    };
    session.on('ended', end);
    session.on('failed', end);
  };

  ua.on('connecting', () => send({ type: 'DISCONNECTED' }));
  ua.on('connected', () => {
    send({ type: 'CONNECTED' });
    send({ type: 'REGISTERING' });
  });
  ua.on('disconnected', () => send({ type: 'DISCONNECTED' }));
  ua.on('registered', () => send({ type: 'REGISTERED' }));
  ua.on('unregistered', () => send({ type: 'UNREGISTERED' }));
  ua.on('registrationFailed', (e) => send({ type: 'REGISTRATION_FAILED', cause: String(e.cause ?? 'failed') }));
  ua.on('newRTCSession', (e: RTCSessionEvent) => {
    if (e.originator !== 'remote') return;
    const id = `in-${++counter}`;
    const remote = e.request.from.uri.user ?? e.request.from.display_name ?? '';
    if (current) {
      // the machine decides: it answers rejectBusy while a call goes on
      waiting.set(id, e.session);
    } else current = e.session;
    follow(e.session);
    send({ type: 'INCOMING', id, remote });
  });
  ua.start();

  return {
    call(target) {
      current = ua.call(`sip:${target}@${domain}`, { mediaConstraints: MEDIA, pcConfig: { iceServers: [] } });
      follow(current);
      // an outgoing session has its connection already ('peerconnection' fired inside ua.call)
      if (current.connection) {
        withG711(current.connection as unknown as RTCPeerConnection);
        playRemote(current.connection as unknown as RTCPeerConnection);
      }
    },
    answer: () => current?.answer({ mediaConstraints: MEDIA, pcConfig: { iceServers: [] } }),
    decline() {
      const session = current;
      current = null;
      session?.terminate({ status_code: 603 });
    },
    hangup() {
      const session = current;
      current = null;
      audio.srcObject = null;
      session?.terminate();
    },
    hold: () => void current?.hold(),
    unhold: () => void current?.unhold(),
    mute: () => current?.mute({ audio: true }),
    unmute: () => current?.unmute({ audio: true }),
    dtmf: (key) => current?.sendDTMF(key),
    rejectBusy(id) {
      waiting.get(id)?.terminate({ status_code: 486 });
      waiting.delete(id);
    },
    stop() {
      if (stopped) return;
      stopped = true;
      ua.removeAllListeners();
      ua.terminateSessions();
      ua.stop();
    },
  };
}
