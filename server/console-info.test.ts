import { describe, expect, it } from 'vitest';
import { embeddedInfo, proxyInfo } from './console-info';

describe('console info', () => {
  it("tells the console the embedded gateway's per-user synthesis bound, so a script queue sends no more at once", () => {
    expect(embeddedInfo(['t'], 3)).toEqual({
      mode: 'embedded',
      emulator: true,
      defaultToken: 't',
      defaultUserId: '10001',
      speechQueuePerUser: 3,
    });
  });

  it('says nothing of a bound it does not know (proxy mode: the upstream gateway does not say)', () => {
    expect(embeddedInfo(['t'])).not.toHaveProperty('speechQueuePerUser');
    expect(proxyInfo()).not.toHaveProperty('speechQueuePerUser');
  });
});
