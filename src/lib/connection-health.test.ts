import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { Connection } from './connection-profile';
import { recordGatewayOutcome, resetGatewayHealth, useGatewayHealth } from './connection-health';
import { GatewayRequestError } from './gateway-error';

const a: Connection = { gatewayUrl: '/api', token: 't', userId: '1', channel: '', appSource: '' };
const b: Connection = { ...a, gatewayUrl: 'https://other.example.com' };

afterEach(() => resetGatewayHealth());

describe('useGatewayHealth', () => {
  it('shows the last outcome for this gateway and user only', () => {
    const { result, rerender } = renderHook(({ c }) => useGatewayHealth(c), { initialProps: { c: a } });
    expect(result.current.state).toBe('unknown');
    act(() => recordGatewayOutcome(a, null));
    expect(result.current.state).toBe('ok');
    rerender({ c: b });
    expect(result.current.state).toBe('unknown');
    act(() => recordGatewayOutcome(b, new GatewayRequestError({ operation: 'taskStatus', kind: 'network', message: 'down' })));
    expect(result.current).toMatchObject({ state: 'failing', error: { kind: 'network' } });
  });

  it('reads as unknown again once the token or a header value changes, so the indicator re-checks', () => {
    const { result, rerender } = renderHook(({ c }) => useGatewayHealth(c), { initialProps: { c: a } });
    act(() => recordGatewayOutcome(a, null));
    expect(result.current.state).toBe('ok');
    for (const changed of [
      { ...a, token: 'new-token' },
      { ...a, channel: '100' },
      { ...a, appSource: 'web' },
    ]) {
      rerender({ c: changed });
      expect(result.current.state).toBe('unknown');
    }
    rerender({ c: a });
    expect(result.current.state).toBe('ok');
  });
});
