import { act, render, screen } from '@testing-library/react';
import { navigate } from '@/lib/router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PageErrorBoundary } from './page-error-boundary';

function Broken(): never {
  throw new RangeError('Invalid time value <b>x</b>');
}

afterEach(() => vi.restoreAllMocks());

describe('PageErrorBoundary', () => {
  it('shows what broke as text, with a way out, instead of a blank page', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    render(
      <PageErrorBoundary>
        <Broken />
      </PageErrorBoundary>,
    );
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('This page stopped working');
    expect(alert).toHaveTextContent('Invalid time value <b>x</b>');
    expect(alert.querySelector('b')).toBeNull();
    expect(screen.getByRole('button', { name: 'Reload the page' })).toBeInTheDocument();
  });

  it('renders its page untouched when nothing throws', () => {
    render(
      <PageErrorBoundary>
        <p>Fine</p>
      </PageErrorBoundary>,
    );
    expect(screen.getByText('Fine')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('starts afresh on another page', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    let broken = true;
    function MaybeBroken() {
      if (broken) throw new Error('boom');
      return <p>Recovered</p>;
    }
    act(() => navigate('/tasks'));
    render(
      <PageErrorBoundary>
        <MaybeBroken />
      </PageErrorBoundary>,
    );
    expect(screen.getByRole('alert')).toHaveTextContent('boom');
    broken = false;
    act(() => navigate('/speech'));
    expect(screen.getByText('Recovered')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
