import { describe, expect, it } from 'vitest';
import { sipDomainOf, sipUsername, WEBPHONE_POPUP_PATH, WEBPHONE_WINDOW_FEATURES, WEBPHONE_WSS_PORT, webphonePopupPath, webphoneSocketUrl } from '../../domain';

describe('web phone constants and readings', () => {
  it('B-WP-03 the pop-up is a 550x650 window', () => {
    expect(WEBPHONE_WINDOW_FEATURES).toBe('width=550,height=650');
  });

  it('B-WP-04 a host alone in webrtcserver means the secure SIP WebSocket on port 4443', () => {
    expect(WEBPHONE_WSS_PORT).toBe(4443);
    expect(webphoneSocketUrl('pbx.example.com')).toBe('wss://pbx.example.com:4443/ws');
    expect(webphoneSocketUrl(' 10.0.0.5 ')).toBe('wss://10.0.0.5:4443/ws');
    // a port, or a full URL, is taken as written (the path /ws when none is given)
    expect(webphoneSocketUrl('pbx.example.com:8089')).toBe('wss://pbx.example.com:8089/ws');
    expect(webphoneSocketUrl('ws://127.0.0.1:8088/ws')).toBe('ws://127.0.0.1:8088/ws');
    expect(webphoneSocketUrl('wss://pbx.example.com')).toBe('wss://pbx.example.com/ws');
    expect(webphoneSocketUrl('wss://pbx.example.com:4443/asterisk/ws')).toBe('wss://pbx.example.com:4443/asterisk/ws');
    // empty or not an address: not configured
    for (const bad of ['', '   ', 'http://pbx.example.com', 'pbx example', 'wss://']) expect(webphoneSocketUrl(bad), bad).toBeNull();
    expect(webphoneSocketUrl(null)).toBeNull();
  });

  it('B-WP-03 SIP names: {corpId}_{number} at the WebSocket host', () => {
    expect(sipUsername(2, '205')).toBe('2_205');
    expect(sipDomainOf('wss://pbx.example.com:4443/ws')).toBe('pbx.example.com');
    expect(sipDomainOf('ws://127.0.0.1:8088/ws')).toBe('127.0.0.1');
  });

  it('B-WP-03 the pop-up path, and the test the security headers use to recognise it', () => {
    expect(webphonePopupPath('acme', 'es', '205')).toBe('/acme/es/webphone/phone?ext=205');
    expect(WEBPHONE_POPUP_PATH.test('/acme/es/webphone/phone?ext=205')).toBe(true);
    expect(WEBPHONE_POPUP_PATH.test('/acme/es/webphone/phone')).toBe(true);
    for (const other of ['/acme/es/webphone', '/acme/es/webphone/phones', '/api/v1/webphone/phone', '/acme/es/home?x=/webphone/phone']) expect(WEBPHONE_POPUP_PATH.test(other), other).toBe(false);
  });
});
