import { afterEach, describe, expect, it, vi } from 'vitest';

type Rules = { createScriptURL(input: string): string };

/** A fresh copy of the module, so each test sees the trustedTypes it set up (the policy is made once). */
const load = async () => {
  vi.resetModules();
  return import('./script-url');
};

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('worker script URLs', () => {
  it('without Trusted Types (Firefox, Safari, jsdom): the same-origin URL itself, resolved', async () => {
    vi.stubGlobal('trustedTypes', undefined);
    const { workerScriptUrl } = await load();
    expect(workerScriptUrl('/assets/task-status.worker-abc.js')).toBe(`${location.origin}/assets/task-status.worker-abc.js`);
  });

  it('refuses a script of another origin, or not http(s), with or without Trusted Types', async () => {
    for (const tt of [undefined, { createPolicy: (_name: string, rules: Rules) => rules }]) {
      vi.stubGlobal('trustedTypes', tt);
      const { workerScriptUrl, ForeignScriptError } = await load();
      for (const [url, origin] of [
        ['https://evil.example/x.js', 'https://evil.example'],
        ['//evil.example/x.js', 'http://evil.example'],
        ['data:text/javascript,1', 'null'],
        ['blob:https://evil.example/1', 'https://evil.example'],
      ] as const)
        expect(() => workerScriptUrl(url), url).toThrow(expect.objectContaining({ constructor: ForeignScriptError, origin }));
    }
  });

  it('with Trusted Types: one policy, named as the CSP names it, made once and used for every URL', async () => {
    const createPolicy = vi.fn((_name: string, rules: Rules) => ({
      createScriptURL: (input: string) => ({ trusted: rules.createScriptURL(input) }),
    }));
    vi.stubGlobal('trustedTypes', { createPolicy });
    const { workerScriptUrl } = await load();
    expect(workerScriptUrl('/assets/a.js')).toEqual({ trusted: `${location.origin}/assets/a.js` });
    expect(workerScriptUrl('/assets/b.js')).toEqual({ trusted: `${location.origin}/assets/b.js` });
    expect(createPolicy).toHaveBeenCalledTimes(1);
    expect(createPolicy.mock.calls[0]![0]).toBe('console-script-url');
  });
});
