import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ResultPanel } from './result-panel';

describe('ResultPanel', () => {
  it('invites a first synthesis only while nothing has failed', () => {
    const { rerender } = render(<ResultPanel loaded={null} />);
    expect(screen.getByRole('region', { name: 'Result' })).toHaveTextContent('Synthesize some text, or replay a take from the history.');
    rerender(<ResultPanel loaded={null} failure={<div role="alert">Not enough points</div>} />);
    const panel = screen.getByRole('region', { name: 'Result' });
    expect(panel).not.toHaveTextContent('Synthesize some text');
    expect(screen.getByRole('alert')).toHaveTextContent('Not enough points');
  });
});
