import fc from 'fast-check';
import type { TestGateway } from '../test-gateway';
import { answer, expectAnswer, send } from './fuzz-client';
import { headerText } from './header-arbitraries';
import { operations } from '#contract';

/** First path segments with routes behind them. */
const OPERATIONS = [...Object.values(operations).map((o) => o.path.split('/')[1]!), '_emulator', 'files'];
const segment = headerText(16)
  .filter((s) => s !== '.' && s !== '..')
  .map(encodeURIComponent);

/** Paths and methods with no operation behind them: a 404 envelope (403 for an unsigned file link). */
const route = fc.oneof(
  fc
    .array(segment, { minLength: 1, maxLength: 4 })
    .filter((parts) => !OPERATIONS.includes(decodeURIComponent(parts[0]!)))
    .map((parts) => ({ caseClass: 'route-unknown', method: 'POST', path: `/api/${parts.join('/')}`, status: 404 })),
  fc
    .constantFrom(
      ...Object.values(operations).flatMap(({ path }) => [
        ...['GET', 'PUT', 'DELETE', 'PATCH', 'OPTIONS'].map((method) => [method, `/api${path}`]),
        ['POST', `/api${path}/`],
        ['POST', `/api${path.toLowerCase()}`],
        ['POST', `/api${path}/x`],
      ]),
      ['GET', '/api/_emulator/tasks'],
      ['POST', '/api/_emulator/users/1'],
      ['DELETE', '/api/_emulator/users/1'],
      ['PUT', '/api/_emulator/users/'],
      ['PUT', '/api/_emulator/users/1/2'],
      ['GET', '/api/files/audio'],
    )
    .map(([method, path]) => ({ caseClass: 'route-wrong-method-or-path', method: method!, path: path!, status: 404 })),
  fc
    .record({
      kind: fc.constantFrom('audio', 'video'),
      name: segment,
      query: fc.constantFrom('', '?u=1', '?u=1&sig=x', '?u=abc&sig=', '?sig=' + 'a'.repeat(64)),
    })
    .map(({ kind, name, query }) => ({
      caseClass: 'route-unsigned-file',
      method: 'GET',
      path: `/api/files/${kind}/${name || 'x'}${query}`,
      status: 403,
    })),
);

export async function fuzzRoutes(gw: TestGateway, numRuns: number): Promise<void> {
  await fc.assert(
    fc.asyncProperty(route, fc.oneof(fc.constant(''), fc.string({ maxLength: 50 })), async (r, body) => {
      const res = await send(gw.api, r.caseClass, {
        method: r.method,
        path: r.path,
        headers: [['X-User-Id', '1']],
        ...(r.method === 'GET' || body === '' ? {} : { body: () => body }),
      });
      await expectAnswer(res, answer(r.status, r.status));
    }),
    { numRuns },
  );
}
