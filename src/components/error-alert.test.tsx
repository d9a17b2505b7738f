import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { GatewayRequestError } from '@/lib/gateway-error';
import { ErrorAlert } from './error-alert';

describe('ErrorAlert', () => {
  it('shows meaning, code, the gateway message and the next step in one alert', async () => {
    const error = new GatewayRequestError({
      operation: 'textToSpeech',
      kind: 'envelope',
      code: 10091,
      httpStatus: 200,
      message: 'insufficient points',
    });
    render(<ErrorAlert error={error} />);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Not enough points');
    expect(alert).toHaveTextContent('code 10091');
    expect(alert).toHaveTextContent('insufficient points');
    expect(alert).toHaveTextContent(/Top up/);
    expect(alert).not.toHaveTextContent('HTTP 200');
  });

  it('shows the HTTP status when it is not 200, and a retry button when asked', async () => {
    const onRetry = vi.fn();
    const error = new GatewayRequestError({
      operation: 'taskStatus',
      kind: 'http',
      httpStatus: 502,
      message: 'The answer (HTTP 502) was an HTML page',
    });
    render(<ErrorAlert error={error} onRetry={onRetry} />);
    expect(await screen.findByRole('alert')).toHaveTextContent('HTTP 502');
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(onRetry).toHaveBeenCalledOnce();
  });

  it('describes errors that are not from a gateway', async () => {
    render(<ErrorAlert error={new Error('boom')} title="Could not load" />);
    expect(await screen.findByRole('alert')).toHaveTextContent('Could not load');
    expect(screen.getByRole('alert')).toHaveTextContent('boom');
  });
});
