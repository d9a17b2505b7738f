import { afterEach, describe, expect, it, vi } from 'vitest';
import { GatewayRequestError } from '@/lib/gateway-error';
import { warnInConsole } from './load-describe-error';

afterEach(() => vi.restoreAllMocks());

describe('warnInConsole (the query client report of the app)', () => {
  it('leaves one console line per failure, in the words of the describer, with the gateway message', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const failure = new GatewayRequestError({
      operation: 'taskStatus',
      kind: 'envelope',
      code: 2001,
      httpStatus: 200,
      message: 'Invalid Parameter: X-User-Id',
    });
    warnInConsole(failure);
    warnInConsole(new GatewayRequestError({ operation: 'taskStatus', kind: 'network', message: 'Failed to fetch' }));
    await vi.waitFor(() => expect(warn).toHaveBeenCalledTimes(2));
    const lines = warn.mock.calls.map(([line]) => String(line));
    expect(lines[0]).toMatch(/^Service AI Console: .*X-User-Id/);
    expect(lines[0]).toContain('Invalid Parameter: X-User-Id');
    expect(lines[1]).toMatch(/^Service AI Console: /);
  });
});
