import type { ReactElement } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { createQueryClient } from '@/lib/react-query';
import { warnInConsole } from '@/i18n/load-describe-error';

/** A fresh query client per test (retry is already off in the app's defaults). */
export function renderWithClient(ui: ReactElement) {
  const client = createQueryClient(warnInConsole);
  return { client, ...render(<QueryClientProvider client={client}>{ui}</QueryClientProvider>) };
}
