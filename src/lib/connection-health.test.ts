import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Connection } from './connection-profile';
import { recordGatewayOutcome, resetGatewayHealth } from './connection-health';
import { useGatewayHealth } from '@/hooks/use-gateway-health';
import { GatewayRequestError } from './gateway-error';

const a: Connection = { gatewayUrl: '/api', token: 't', userId: '1', channel: '', appSource: '' };
const b: Connection = { ...a, gatewayUrl: 'https://other.example.com' };

afterEach(() => {
  resetGatewayHealth();
  vi.useRealTimers();
});

describe('useGatewayHealth', () => {
  it('shows the last outcome for this gateway and user only', () => {
    const { result, rerender } = renderHook(({ c }) => useGatewayHealth(c), { initialProps: { c: a } });
    expect(result.current.state).toBe('unknown');
    act(() => recordGatewayOutcome(a, 'taskStatus', null));
    expect(result.current.state).toBe('ok');
    rerender({ c: b });
    expect(result.current.state).toBe('unknown');
    act(() =>
      recordGatewayOutcome(b, 'taskStatus', new GatewayRequestError({ operation: 'taskStatus', kind: 'network', message: 'down' })),
    );
    expect(result.current).toMatchObject({ state: 'failing', error: { kind: 'network' } });
  });

  it('reads as unknown again once the token or a header value changes, so the indicator re-checks', () => {
    const { result, rerender } = renderHook(({ c }) => useGatewayHealth(c), { initialProps: { c: a } });
    act(() => recordGatewayOutcome(a, 'taskStatus', null));
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

  it('re-renders for OK answers once per minute shown, and at once for a failure', () => {
    vi.useFakeTimers({ now: 600_000, toFake: ['Date'] });
    let renders = 0;
    const { result } = renderHook(() => {
      renders++;
      return useGatewayHealth(a);
    });
    act(() => recordGatewayOutcome(a, 'taskStatus', null));
    const afterFirst = renders;
    vi.setSystemTime(659_900);
    act(() => recordGatewayOutcome(a, 'taskStatus', null));
    expect(renders).toBe(afterFirst);
    expect(result.current).toMatchObject({ state: 'ok', at: 600_000 });
    vi.setSystemTime(660_000);
    act(() => recordGatewayOutcome(a, 'taskStatus', null));
    expect(result.current).toMatchObject({ state: 'ok', at: 660_000 });
    act(() =>
      recordGatewayOutcome(a, 'taskStatus', new GatewayRequestError({ operation: 'taskStatus', kind: 'network', message: 'down' })),
    );
    expect(result.current.state).toBe('failing');
  });

  it('an OK status answer says nothing about the token: only an answer to a synthesis that passed it does', () => {
    const { result } = renderHook(() => useGatewayHealth(a));
    act(() => recordGatewayOutcome(a, 'taskStatus', null));
    expect(result.current).toMatchObject({ state: 'ok', token: 'unchecked' });
    // A parameter error may come before any token check: still unchecked.
    const badParameter = new GatewayRequestError({ operation: 'textToSpeech', kind: 'envelope', code: 2001, message: 'Invalid Parameter' });
    act(() => recordGatewayOutcome(a, 'textToSpeech', badParameter));
    expect(result.current).toMatchObject({ state: 'ok', token: 'unchecked' });
    act(() => recordGatewayOutcome(a, 'textToSpeech', null));
    expect(result.current).toMatchObject({ state: 'ok', token: 'accepted' });
    // Later status answers keep what the synthesis proved for this token.
    act(() => recordGatewayOutcome(a, 'taskStatus', null));
    expect(result.current).toMatchObject({ state: 'ok', token: 'accepted' });
    const refused = new GatewayRequestError({ operation: 'textToSpeech', kind: 'envelope', code: 401, httpStatus: 401, message: 'no' });
    act(() => recordGatewayOutcome(a, 'textToSpeech', refused));
    expect(result.current.state).toBe('failing');
    act(() => recordGatewayOutcome(a, 'taskStatus', null));
    expect(result.current).toMatchObject({ state: 'ok', token: 'refused' });
  });

  it('answers about the user’s points or the synthesis itself came after the token check', () => {
    const { result } = renderHook(() => useGatewayHealth(a));
    const points = new GatewayRequestError({ operation: 'textToSpeech', kind: 'envelope', code: 10091, message: 'insufficient points' });
    act(() => recordGatewayOutcome(a, 'textToSpeech', points));
    expect(result.current).toMatchObject({ state: 'ok', token: 'accepted' });
  });

  it('a connection without a token reads "none" even when its status query was answered', () => {
    const noToken = { ...a, token: '' };
    const { result } = renderHook(() => useGatewayHealth(noToken));
    act(() => recordGatewayOutcome(noToken, 'taskStatus', null));
    expect(result.current).toMatchObject({ state: 'ok', token: 'none' });
  });

  it('a token a synthesis refused stays refused while status polls succeed, until a synthesis is answered', () => {
    const { result } = renderHook(() => useGatewayHealth(a));
    const refused = new GatewayRequestError({ operation: 'textToSpeech', kind: 'envelope', code: 401, httpStatus: 401, message: 'no' });
    act(() => recordGatewayOutcome(a, 'textToSpeech', refused));
    expect(result.current.state).toBe('failing');
    act(() => recordGatewayOutcome(a, 'taskStatus', null));
    expect(result.current).toMatchObject({ state: 'ok', token: 'refused' });
    act(() => recordGatewayOutcome(a, 'textToSpeech', null));
    expect(result.current).toMatchObject({ state: 'ok', token: 'accepted' });
  });

  it('a token refused on a status query is unchecked again once a status query with it is answered', () => {
    const { result } = renderHook(() => useGatewayHealth(a));
    const refused = new GatewayRequestError({ operation: 'taskStatus', kind: 'envelope', code: 401, httpStatus: 401, message: 'no' });
    act(() => recordGatewayOutcome(a, 'taskStatus', refused));
    act(() => recordGatewayOutcome(a, 'taskStatus', null));
    expect(result.current).toMatchObject({ state: 'ok', token: 'unchecked' });
  });
});
