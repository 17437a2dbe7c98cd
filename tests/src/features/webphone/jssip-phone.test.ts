import { describe, expect, it } from 'vitest';
import { endCauseOf, g711Only } from '../../../../src/features/webphone/jssip-phone';

describe('the JsSIP adapter (B-WP-03)', () => {
  it("JsSIP's end causes as the pop-up words them", () => {
    expect(endCauseOf('Terminated', 'local')).toBe('hangup');
    expect(endCauseOf('Terminated', 'remote')).toBe('remote');
    expect(endCauseOf('BYE', 'remote')).toBe('remote');
    expect(endCauseOf('Busy', 'remote')).toBe('busy');
    expect(endCauseOf('Rejected', 'local')).toBe('declined');
    expect(endCauseOf('Canceled', 'local')).toBe('canceled');
    expect(endCauseOf('Canceled', 'remote')).toBe('remote');
    expect(endCauseOf('Not Found', 'remote')).toBe('unavailable');
    expect(endCauseOf('WebRTC Error', 'local')).toBe('failed');
    expect(endCauseOf(undefined, 'system')).toBe('failed');
  });

  it('offers G.711 and DTMF events only: the PBX has no opus transcoder', () => {
    const codecs = ['audio/opus', 'audio/red', 'audio/G722', 'audio/PCMU', 'audio/PCMA', 'audio/CN', 'audio/telephone-event'].map((mimeType) => ({ mimeType, clockRate: 8000 }));
    expect(g711Only(codecs).map((c) => c.mimeType)).toEqual(['audio/PCMU', 'audio/PCMA', 'audio/telephone-event']);
  });
});
