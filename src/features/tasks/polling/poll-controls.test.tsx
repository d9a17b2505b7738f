import { render, screen } from '@testing-library/react';
import type { UseQueryResult } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_PROFILE, saveProfile, selectProfile } from '@/lib/connection-store';
import { EMPTY_BOARD, type TaskBoard } from '../task/task-snapshot';
import { PollControls } from './poll-controls';

const poll = {
  data: { ...EMPTY_BOARD, polledAt: Date.now(), requests: 1 },
  isFetching: false,
  status: 'success',
  errorUpdateCount: 0,
  errorUpdatedAt: 0,
};
const settings = { intervalMs: 2_000, stallMs: 300_000, notify: false };
const controls = (waiting: { live: number; notFound: number; awaitingUrl: number }) => (
  <PollControls poll={poll as UseQueryResult<TaskBoard>} settings={settings} waiting={waiting} onRefresh={() => undefined} />
);

describe('PollControls', () => {
  beforeEach(() => saveProfile({ ...DEFAULT_PROFILE, id: 'poll-line', userId: '10001' }));
  afterEach(() => selectProfile(DEFAULT_PROFILE.id));

  it('says the pace that is scheduled: the interval while tasks are live', () => {
    render(controls({ live: 2, notFound: 1, awaitingUrl: 0 }));
    expect(screen.getByText(/^Checking every 2 sec while this tab is visible/)).toBeInTheDocument();
  });

  it('never says "every 2 s" while only not-found IDs are left (they are re-checked about every minute)', () => {
    render(controls({ live: 0, notFound: 3, awaitingUrl: 0 }));
    expect(screen.getByText(/^Only not-found tasks left: re-checking every 1 min/)).toBeInTheDocument();
    expect(screen.queryByText(/every 2 s/)).toBeNull();
  });

  it('says it is not checking while no user ID is set (the poller asks nothing then), live tasks or not', () => {
    selectProfile(DEFAULT_PROFILE.id);
    render(controls({ live: 2, notFound: 0, awaitingUrl: 0 }));
    expect(screen.getByText(/^Not checking: no user ID is set/)).toBeInTheDocument();
    expect(screen.queryByText(/Checking every/)).toBeNull();
  });
});
