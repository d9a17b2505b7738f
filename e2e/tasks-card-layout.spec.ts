import { expect, test } from '@playwright/test';
import { pasteIds, seedConsole, uniqueUserId } from './tasks-helpers';

// The narrow (card) layout names the cells it knows in board.module.css; a column added to
// task-columns.tsx must still get a usable place there without a CSS edit.
test('on a phone a cell of a column the card layout does not name gets a full-width line inside its card', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await seedConsole(page, uniqueUserId());
  await page.goto('/tasks');
  const id = 'Service_AI_card_layout_probe';
  await pasteIds(page, id);
  const row = page.getByRole('row').filter({ has: page.getByRole('button', { name: id, exact: true }) });
  await expect(row).toBeVisible();
  // A cell of a new column, as the table would render it: a td with its column's id.
  const seen = await row.evaluate((tr) => {
    const cell = document.createElement('td');
    cell.dataset.column = 'new-column';
    cell.textContent = 'A new column';
    tr.append(cell);
    const box = (el: Element) => el.getBoundingClientRect();
    const cells = [...tr.querySelectorAll('td')].filter((td) => getComputedStyle(td).display !== 'none');
    return { card: box(tr), added: box(cell), cells: cells.map((td) => ({ column: td.dataset.column, ...box(td).toJSON() })) };
  });
  // Before: auto-placed into the 2rem select track of a fourth, implicit row (about 30 px wide, below the card).
  expect(seen.added.width).toBeGreaterThan(seen.card.width * 0.8);
  for (const c of seen.cells) {
    expect(c.bottom, `${c.column} inside its card`).toBeLessThanOrEqual(seen.card.bottom + 0.5);
    expect(c.right, `${c.column} inside its card`).toBeLessThanOrEqual(seen.card.right + 0.5);
    expect(c.width, `${c.column} has some width`).toBeGreaterThan(0);
  }
});
