import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/**
 * axe on the page, run in it (legacy mode): the default mode opens a blank page to merge each
 * frame's results and injects axe there again, which cost as much as the checks themselves on a
 * busy machine (issue 37); these pages have no frames to merge. The rules are the same.
 */
export function axeBuilder(page: Page): AxeBuilder {
  return new AxeBuilder({ page }).setLegacyMode(true);
}

/** axe finds nothing on the page as it stands; a failure lists each rule with the elements it names. */
export async function expectAxeClean(page: Page): Promise<void> {
  const results = await axeBuilder(page).analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}
