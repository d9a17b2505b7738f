import { describe, expect, it } from 'vitest';
import { GatewayRequestError } from '@/lib/gateway-error';
import { fieldOfGatewayError } from './gateway-field';

const envelope = (code: number, message: string) => new GatewayRequestError({ operation: 'textToSpeech', kind: 'envelope', code, message });

describe('fieldOfGatewayError', () => {
  it('points 2000/2001 at the field the message names', () => {
    expect(fieldOfGatewayError(envelope(2001, 'Invalid Parameter: speedFactor must be a number from 0.5 to 2'))).toBe('speedFactor');
    expect(fieldOfGatewayError(envelope(2000, 'Missing Parameter: sourceText'))).toBe('sourceText');
    expect(fieldOfGatewayError(envelope(2001, 'Invalid Parameter: targetLanguage is not supported'))).toBe('targetLanguage');
  });

  it('leaves other codes and unnamed fields to the error alert', () => {
    expect(fieldOfGatewayError(envelope(2001, 'Invalid Parameter'))).toBeNull();
    expect(fieldOfGatewayError(envelope(10091, 'insufficient points: speedFactor'))).toBeNull();
    expect(fieldOfGatewayError(new Error('x'))).toBeNull();
  });
});
