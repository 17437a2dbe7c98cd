import { z } from 'zod';

/**
 * The web phone (B-WP-01..04, spec 1 §2 "Webphone", §6, §9): a WebRTC softphone in a pop-up window,
 * registered with one of the user's extensions of port type WSS over the PBX's SIP-over-WebSocket
 * endpoint (system parameter `webrtcserver`).
 */

/** B-WP-01: the web phone exists only while this system parameter is `yes`. */
export const WEBPHONE_PARAM = 'webphone';
/** The PBX's SIP-over-WebSocket endpoint (a host, `host:port`, or a full ws:// or wss:// URL). */
export const WEBRTC_SERVER_PARAM = 'webrtcserver';
/** B-WP-02: the port type of the extensions a browser can register (the PJSIP transport-wss). */
export const WEBPHONE_PORT_TYPE = 'WSS';

/** B-WP-03 (§9 "window 550x650"): the pop-up's window name and size. */
export const WEBPHONE_WINDOW = { name: 'callboard-webphone', width: 550, height: 650 } as const;
/** The third argument of window.open for the pop-up (B-WP-03). */
export const WEBPHONE_WINDOW_FEATURES = `width=${WEBPHONE_WINDOW.width},height=${WEBPHONE_WINDOW.height}`;

/**
 * B-WP-04 ("Softphone popup port 4443"): in the original product the softphone was a page of another
 * host on port 4443, and that host's TLS port carried its SIP WebSocket. Our softphone is a route of
 * Callboard itself, so the reading we keep is the port of the secure SIP WebSocket: when the
 * `webrtcserver` parameter names a host without a port (`pbx.example.com`), the phone connects to
 * `wss://pbx.example.com:4443/ws` (Asterisk's HTTPS server with `tlsbindaddr=0.0.0.0:4443`, path /ws of
 * res_http_websocket). A `host:port`, or a full ws:// or wss:// URL, is taken as written.
 */
export const WEBPHONE_WSS_PORT = 4443;
/** Asterisk's SIP WebSocket path on its HTTP server (res_pjsip_transport_websocket). */
export const WEBPHONE_WS_PATH = '/ws';

/**
 * The pop-up is a chromeless route of the SPA: /{corp}/{lang}/webphone/phone?ext={number}. Its document
 * alone may open WebSockets to another origin (the PBX's SIP WebSocket, server/security-headers.ts).
 */
export function webphonePopupPath(corp: string, lang: string, number: string): string {
  return `/${encodeURIComponent(corp)}/${lang}/webphone/phone?ext=${encodeURIComponent(number)}`;
}
export const WEBPHONE_POPUP_PATH = /^\/[^/?#]+\/[a-z]{2}\/webphone\/phone\/?(?:[?#]|$)/;

/** The call timer refreshes every 500 ms (spec 1 §9 "call timer refresh 500 ms"). */
export const WEBPHONE_TIMER_MS = 500;
/** How long the pop-up shows a call's end before it is ready for the next one. */
export const WEBPHONE_ENDED_MS = 2000;

/** The keys of the dial pad (also DTMF during a call). */
export const DIAL_PAD_KEYS = ['1', '2', '3', '4', '5', '6', '7', '8', '9', '*', '0', '#'] as const;
export type DialPadKey = (typeof DIAL_PAD_KEYS)[number];
/** What may be dialled: digits, * and # (an extension, a queue, a speed dial, an outside number). */
export const DIAL_TARGET = /^[0-9*#+]{1,32}$/;

/**
 * The WebSocket URL of `webrtcserver` (B-WP-04 above), or null when the parameter is empty or not a
 * host or ws(s) URL (the pop-up then says the web phone is not configured).
 */
export function webphoneSocketUrl(param: string | null | undefined): string | null {
  const value = (param ?? '').trim();
  if (value === '') return null;
  const full = /^(wss?):\/\/([A-Za-z0-9.-]+|\[[0-9A-Fa-f:.]+\])(:\d{1,5})?(\/[^\s]*)?$/.exec(value);
  if (full) return `${full[1]}://${full[2]}${full[3] ?? ''}${full[4] ?? WEBPHONE_WS_PATH}`;
  const host = /^([A-Za-z0-9.-]+|\[[0-9A-Fa-f:.]+\])(?::(\d{1,5}))?$/.exec(value);
  if (!host) return null;
  return `wss://${host[1]}:${host[2] ?? WEBPHONE_WSS_PORT}${WEBPHONE_WS_PATH}`;
}

/** The host of a WebSocket URL: the domain of the phone's SIP URIs. */
export function sipDomainOf(socketUrl: string): string {
  const m = /^wss?:\/\/([^/:]+|\[[^\]]+\])/.exec(socketUrl);
  return m ? m[1] : '127.0.0.1';
}

/** PJSIP endpoints, auths and aors are named `{corpId}_{number}` (ARCHITECTURE "Real time"). */
export const sipUsername = (corpId: number, number: string): string => `${corpId}_${number}`;

/** One of the user's WSS extensions in the web phone's dropdown (B-WP-02). */
export const webphoneExtensionSchema = z.object({ id: z.number().int(), number: z.string(), description: z.string() });
export type WebphoneExtension = z.infer<typeof webphoneExtensionSchema>;

export const PBX_KINDS = ['simulator', 'ari', 'none'] as const;
export type WebphonePbx = (typeof PBX_KINDS)[number];

/** What the pop-up needs to register one extension (GET /webphone/credentials/:number). */
export const webphoneCredentialsSchema = z.object({
  extensionId: z.number().int(),
  number: z.string(),
  corpId: z.number().int(),
  /** the SIP user and auth name, `{corpId}_{number}` */
  username: z.string(),
  /** the extension's SIP secret (Asterisk's ps_auths password) */
  password: z.string(),
  displayName: z.string(),
  /** the WebSocket URL from `webrtcserver`, null when it is not set */
  socketUrl: z.string().nullable(),
  /** which PBX the server drives: the simulator speaks no SIP, so nothing can register there */
  pbx: z.enum(PBX_KINDS),
});
export type WebphoneCredentials = z.infer<typeof webphoneCredentialsSchema>;
