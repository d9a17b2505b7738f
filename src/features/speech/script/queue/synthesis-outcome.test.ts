import { describe, expect, it } from 'vitest';
import { GatewayRequestError } from '@/lib/gateway-error';
import { outcomeOfError } from './synthesis-outcome';

const err = (fields: { code?: number; httpStatus?: number }) =>
  new GatewayRequestError({ operation: 'textToSpeech', kind: 'envelope', message: 'x', ...fields });

describe('outcomeOfError', () => {
  it('reads 429 (HTTP or envelope) as busy and the rest as failures with their codes', () => {
    expect(outcomeOfError(err({ httpStatus: 429 }), '4')).toEqual({ kind: 'busy', retryAfter: '4' });
    expect(outcomeOfError(err({ code: 429, httpStatus: 200 }))).toEqual({ kind: 'busy', retryAfter: null });
    expect(outcomeOfError(err({ code: 10091, httpStatus: 200 }))).toEqual({ kind: 'failed', code: 10091, httpStatus: 200 });
    expect(outcomeOfError(new Error('boom'))).toEqual({ kind: 'failed' });
  });
});
