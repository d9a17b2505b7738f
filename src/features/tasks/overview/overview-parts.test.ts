import { describe, expect, it } from 'vitest';
import { knownParts, overviewPartsStore, setPartOpen } from './overview-parts';

describe('overview parts', () => {
  it('keeps which parts are open, once each', () => {
    overviewPartsStore.set([]);
    setPartOpen('flowTable', true);
    setPartOpen('flowTable', true);
    setPartOpen('throughputTable', true);
    setPartOpen('flowTable', false);
    expect(overviewPartsStore.get()).toEqual(['throughputTable']);
  });

  it("takes only the parts this console has from a view's list", () => {
    expect(knownParts(['failures', 'throughputTable', 'flowTable', 42 as unknown as string])).toEqual(['flowTable', 'throughputTable']);
  });
});
