import { describe, expect, it } from 'vitest';
import { render } from '@testing-library/react';
import { TaskIdText } from './task-id-text';

describe('TaskIdText', () => {
  it('keeps the whole ID as its text, with the distinguishing end in a part that never shrinks', () => {
    const id = 'Service_AI_mwwmze89_c0304e447ca4159ff1b4aca9';
    const { container } = render(<TaskIdText id={id} />);
    const code = container.querySelector('code')!;
    expect(code.textContent).toBe(id);
    expect(code.lastElementChild!.textContent).toBe('159ff1b4aca9');
  });

  it('shows a short ID whole in the end part', () => {
    const { container } = render(<TaskIdText id="Service_AI_1" />);
    expect(container.querySelector('code')!.lastElementChild!.textContent).toBe('Service_AI_1');
  });
});
