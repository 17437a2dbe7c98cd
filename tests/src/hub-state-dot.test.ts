import { describe, expect, it } from 'vitest';
import { hubDotState } from '../../src/app/shell/hub-state-dot';

describe('hub state dot', () => {
  it('maps the hub client state to live, reconnecting or offline', () => {
    expect(hubDotState('connected')).toBe('live');
    expect(hubDotState('connecting')).toBe('reconnecting');
    expect(hubDotState('reconnecting')).toBe('reconnecting');
    expect(hubDotState('disconnected')).toBe('offline');
  });
});
