import { describe, expect, it } from 'vitest';
import { viewLinkAddress } from './view-link-address';

const at = (search: string, hash = '') => ({ search, hash });

describe('viewLinkAddress (what the page opened with, read before anything rewrites it)', () => {
  it('is a view link when `view` names one, with or without a query', () => {
    expect(viewLinkAddress(at('?view=Needs+attention&q=status:failed,aborted'))).toEqual({
      search: '?view=Needs+attention&q=status:failed,aborted',
      sharesIds: false,
    });
    expect(viewLinkAddress(at('?view=All'))).toEqual({ search: '?view=All', sharesIds: false });
  });

  it('leaves an old `?q=` link (no name) to the query, and a blank name to nobody', () => {
    expect(viewLinkAddress(at('?q=status:failed,aborted'))).toBeNull();
    expect(viewLinkAddress(at('?view=+++&q=status:failed'))).toBeNull();
    expect(viewLinkAddress(at(''))).toBeNull();
  });

  it('says whether the link also carries task IDs (a share link’s fragment, or an old ?ids=)', () => {
    expect(viewLinkAddress(at('?view=Mine&q=status:failed', '#ids=abc'))?.sharesIds).toBe(true);
    expect(viewLinkAddress(at('?view=Mine&ids=Service_AI_a'))?.sharesIds).toBe(true);
    expect(viewLinkAddress(at('?view=Mine', '#other'))?.sharesIds).toBe(false);
  });
});
