import { render, screen } from '@testing-library/react';
import { ErrorAlert } from '@/components/error-alert';

/**
 * The alert an error becomes on the page (the console's one ErrorAlert), rendered in jsdom: what the
 * browser journeys read with getByRole('alert'), and whether any of the gateway's markup became elements.
 */
export async function renderAlert(error: unknown): Promise<{ text: string; elementsFromMarkup: number }> {
  const { container, unmount } = render(<ErrorAlert error={error} />);
  const alert = await screen.findByRole('alert');
  const result = {
    text: alert.textContent ?? '',
    elementsFromMarkup: container.querySelectorAll('script, img, svg, iframe, a, [onerror], [onload], [srcdoc]').length,
  };
  unmount();
  return result;
}
