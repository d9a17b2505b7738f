import { Profiler } from 'react';
import { render, screen } from '@testing-library/react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { createRenderCounter } from '@/testing/render-counter';
import { TasksPage } from '../tasks-page';

/** The Tasks page rendered under a render counter (every React commit counted), once its list is there: the work-count guards' page. */
export async function renderCountedTasksPage(
  client: QueryClient,
): Promise<{ container: HTMLElement; counter: ReturnType<typeof createRenderCounter> }> {
  const container = document.body.appendChild(document.createElement('div'));
  const counter = createRenderCounter(container);
  render(
    <QueryClientProvider client={client}>
      <Profiler id="tasks" onRender={() => counter.commit()}>
        <TasksPage />
      </Profiler>
    </QueryClientProvider>,
    { container },
  );
  await screen.findByRole('region', { name: 'Watched tasks' });
  return { container, counter };
}
