import { describe, expect, it, vi } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { setLocale } from '@/i18n/i18n-store';
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

  it("labels the console's server's own failure as its own, not as the gateway's message, in English and Chinese", async () => {
    const html502 = new GatewayRequestError({
      operation: 'taskStatus',
      kind: 'proxy',
      httpStatus: 502,
      message: 'Gateway unreachable: it answered HTTP 200 with content type text/html, not JSON, which the proxy does not pass on',
      consoleFailure: { reason: 'notJson', values: { status: '200', contentType: 'text/html' } },
    });
    render(<ErrorAlert error={html502} />);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Console’s server: The gateway answered HTTP 200 with text/html instead of JSON');
    expect(alert).not.toHaveTextContent(/Gateway message|unreachable|HTTP 502/);
    try {
      await act(() => setLocale('zh-CN'));
      expect(alert).toHaveTextContent('控制台服务器：网关以 text/html 应答了 HTTP 200');
      expect(alert).not.toHaveTextContent(/网关消息|Gateway/);
    } finally {
      await act(() => setLocale('en'));
    }
  });

  it('describes errors that are not from a gateway', async () => {
    render(<ErrorAlert error={new Error('boom')} title="Could not load" />);
    expect(await screen.findByRole('alert')).toHaveTextContent('Could not load');
    expect(screen.getByRole('alert')).toHaveTextContent('boom');
  });

  it('follows a language switch: the advice and the console-made detail in Chinese, the gateway message as it came', async () => {
    const timeout = new GatewayRequestError({
      operation: 'taskStatus',
      kind: 'timeout',
      message: 'No answer within 20 s',
      detail: { id: 'timeout', values: { seconds: '20' } },
    });
    const { rerender } = render(<ErrorAlert error={timeout} />);
    expect(await screen.findByRole('alert')).toHaveTextContent('No answer within 20 s');
    try {
      await act(() => setLocale('zh-CN'));
      const alert = screen.getByRole('alert');
      expect(alert).toHaveTextContent('网关未及时应答');
      expect(alert).toHaveTextContent('20 秒内没有应答');
      expect(alert).not.toHaveTextContent(/No answer|Try again/);
      rerender(
        <ErrorAlert
          error={new GatewayRequestError({ operation: 'textToSpeech', kind: 'envelope', code: 10091, message: 'insufficient points' })}
        />,
      );
      expect(screen.getByRole('alert')).toHaveTextContent('积分不足');
      expect(screen.getByRole('alert')).toHaveTextContent('网关消息：insufficient points');
    } finally {
      await act(() => setLocale('en'));
    }
  });
});
