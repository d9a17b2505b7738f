import { describe, expect, it, vi } from 'vitest';
import { GatewayRequestError } from './gateway-error';
import { createQueryClient } from './react-query';

const failure = new GatewayRequestError({
  operation: 'taskStatus',
  kind: 'envelope',
  code: 2001,
  httpStatus: 200,
  message: 'Invalid Parameter: X-User-Id',
});

describe('createQueryClient', () => {
  it('passes every query and mutation failure through one handler, to the report it was given', async () => {
    const report = vi.fn();
    const client = createQueryClient(report);
    await expect(client.fetchQuery({ queryKey: ['q'], queryFn: () => Promise.reject(failure) })).rejects.toBe(failure);
    const mutation = client.getMutationCache().build(client, { mutationFn: () => Promise.reject(failure) });
    await expect(mutation.execute(undefined)).rejects.toBe(failure);
    expect(report.mock.calls).toEqual([[failure], [failure]]);
  });

  it('does not report a cancelled request', async () => {
    const report = vi.fn();
    const client = createQueryClient(report);
    const cancelled = new GatewayRequestError({ operation: 'textToSpeech', kind: 'aborted', message: 'Request cancelled' });
    await expect(client.fetchQuery({ queryKey: ['c'], queryFn: () => Promise.reject(cancelled) })).rejects.toBe(cancelled);
    expect(report).not.toHaveBeenCalled();
  });
});
