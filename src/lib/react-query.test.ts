import { afterEach, describe, expect, it, vi } from 'vitest';
import { GatewayRequestError } from './gateway-error';
import { createQueryClient } from './react-query';

afterEach(() => vi.restoreAllMocks());

describe('createQueryClient', () => {
  it('passes every query and mutation failure through one handler, which leaves one console line', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const client = createQueryClient();
    const failure = new GatewayRequestError({
      operation: 'taskStatus',
      kind: 'envelope',
      code: 2001,
      httpStatus: 200,
      message: 'Invalid Parameter: X-User-Id',
    });
    await expect(client.fetchQuery({ queryKey: ['q'], queryFn: () => Promise.reject(failure) })).rejects.toBe(failure);
    const mutation = client.getMutationCache().build(client, { mutationFn: () => Promise.reject(failure) });
    await expect(mutation.execute(undefined)).rejects.toBe(failure);
    await vi.waitFor(() => expect(warn).toHaveBeenCalledTimes(2));
    expect(String(warn.mock.calls[0]?.[0])).toContain('Invalid Parameter: X-User-Id');
  });

  it('stays quiet about a cancelled request', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const client = createQueryClient();
    const cancelled = new GatewayRequestError({ operation: 'textToSpeech', kind: 'aborted', message: 'Request cancelled' });
    await expect(client.fetchQuery({ queryKey: ['c'], queryFn: () => Promise.reject(cancelled) })).rejects.toBe(cancelled);
    // A real failure after it: both lines would wait on the same lazy wording module, in order, so once this one's
    // line is written, a line for the cancelled request would already be there.
    const failure = new GatewayRequestError({ operation: 'taskStatus', kind: 'network', message: 'Failed to fetch' });
    await expect(client.fetchQuery({ queryKey: ['f'], queryFn: () => Promise.reject(failure) })).rejects.toBe(failure);
    await vi.waitFor(() => expect(warn).toHaveBeenCalled());
    expect(warn.mock.calls.map(([line]) => String(line))).toEqual([expect.stringContaining('Failed to fetch')]);
  });
});
