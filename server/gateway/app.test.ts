import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { envelopeOf, makeTestGateway } from '../testing/test-gateway';

describe('the gateway as mounted at /api', () => {
  it.each([
    ['POST', '/api/nope'],
    ['POST', '/api/textRemoval/nope'],
    ['GET', '/api/textRemoval/taskStatus'],
    ['DELETE', '/api/files/video/Service_AI_1'],
  ])('answers %s %s with a 404 envelope, never a plain page', async (method, path) => {
    const gw = await makeTestGateway();
    const res = await gw.api.request(path, { method });
    expect(res.status).toBe(404);
    expect(res.headers.get('Content-Type')).toMatch(/^application\/json/);
    expect(await envelopeOf(res)).toMatchObject({ code: 404, data: null });
    await gw.deps.close();
  });

  it('answers any JSON body to taskStatus with an envelope: 0 with an array, or 2001 with null', async () => {
    const gw = await makeTestGateway();
    const ids = fc.oneof(fc.constant('Service_AI_1'), fc.string(), fc.integer(), fc.constant(null));
    const body = fc.oneof(
      fc.jsonValue(),
      fc.record(
        { taskId: fc.oneof(ids, fc.jsonValue()), taskIds: fc.oneof(fc.array(ids, { maxLength: 120 }), fc.jsonValue()) },
        { requiredKeys: [] },
      ),
    );
    await fc.assert(
      fc.asyncProperty(body, async (value) => {
        const res = await gw.status(JSON.stringify(value));
        expect(res.status).toBe(200);
        const env = await envelopeOf(res);
        if (env.code === 0) expect(Array.isArray(env.data)).toBe(true);
        else expect(env).toMatchObject({ code: 2001, data: null });
      }),
      { numRuns: 300 },
    );
    await gw.deps.close();
  });
});
