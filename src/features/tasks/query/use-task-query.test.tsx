import { act, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { navigate } from '@/lib/router';
import { taskQueryStore } from './task-query-store';
import { useTaskQuery } from './use-task-query';

function Probe() {
  useTaskQuery();
  return null;
}

afterEach(() => {
  taskQueryStore.save('');
  window.history.replaceState(null, '', '/');
});

describe('useTaskQuery', () => {
  it('takes the query from the address, and keeps it there when a task’s details open and close', () => {
    window.history.replaceState(null, '', '/tasks?q=status:failed');
    render(<Probe />);
    expect(taskQueryStore.get()).toBe('status:failed');
    act(() => navigate('/tasks/Service_AI_1'));
    expect(window.location.pathname).toBe('/tasks/Service_AI_1');
    expect(new URLSearchParams(window.location.search).get('q')).toBe('status:failed');
    act(() => navigate('/tasks'));
    expect(new URLSearchParams(window.location.search).get('q')).toBe('status:failed');
  });

  it('writes a changed query to the address, and never into another page’s', () => {
    window.history.replaceState(null, '', '/tasks');
    render(<Probe />);
    act(() => taskQueryStore.save('code:3002'));
    expect(new URLSearchParams(window.location.search).get('q')).toBe('code:3002');
    act(() => navigate('/speech'));
    act(() => taskQueryStore.save('status:running'));
    expect(window.location.search).toBe('');
  });
});
