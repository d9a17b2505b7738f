import fc from 'fast-check';
import { TASK_DURATION_MS, TASK_OUTCOMES } from '../../gateway/tasks/task-record';
import type { TestGateway } from '../test-gateway';
import { hostileBody, invalidNumber, wrongType } from './body-arbitraries';
import { answer, expectAnswer, readEnvelope, send } from './fuzz-client';
import { headerLines, headerText, isLongDigits, noiseHeaders, userIdCase } from './header-arbitraries';
import { toJsonText } from './raw-json';

type EmulatorBody = { caseClass: string; value: Record<string, unknown>; code: 0 | 2000 | 2001 };
type Fault = [string, Record<string, unknown>, 2000 | 2001];

const createBody: fc.Arbitrary<EmulatorBody> = fc
  .record({
    count: fc.oneof({ weight: 20, arbitrary: fc.integer({ min: 1, max: 3 }) }, { weight: 1, arbitrary: fc.constant(1000) }),
    durationMs: fc.option(fc.integer(TASK_DURATION_MS), { nil: undefined }),
    outcome: fc.option(fc.constantFrom(...TASK_OUTCOMES), { nil: undefined }),
    fault: fc.option(
      fc.oneof(
        fc.constant<Fault>(['count-missing', { count: undefined }, 2000]),
        invalidNumber(1, 1000, true).map((count): Fault => ['count-invalid', { count }, 2001]),
        fc
          .oneof(invalidNumber(TASK_DURATION_MS.min, TASK_DURATION_MS.max, true), fc.constant(null))
          .map((durationMs): Fault => ['duration-invalid', { durationMs }, 2001]),
        fc
          .oneof(fc.string({ maxLength: 12 }), wrongType('string'), fc.constantFrom('FINISHED', ' mixed', null))
          .filter((o) => !(TASK_OUTCOMES as readonly unknown[]).includes(o))
          .map((outcome): Fault => ['outcome-invalid', { outcome }, 2001]),
      ),
      { freq: 2 },
    ),
  })
  .map(({ fault, ...value }) =>
    fault ? { caseClass: fault[0], value: { ...value, ...fault[1] }, code: fault[2] } : { caseClass: 'create-valid', value, code: 0 },
  );

/** POST /_emulator/tasks: X-User-Id → body; a success hands out `count` Service_AI IDs. */
export async function fuzzCreateTasks(gw: TestGateway, numRuns: number): Promise<void> {
  const body = fc.oneof({ weight: 3, arbitrary: createBody }, { weight: 1, arbitrary: hostileBody });
  await fc.assert(
    fc.asyncProperty(fc.record({ user: userIdCase, noise: noiseHeaders, body }), async ({ user, noise, body }) => {
      const hostile = 'body' in body;
      const res = await send(gw.api, `create-tasks/${body.caseClass}`, {
        method: 'POST',
        path: '/api/_emulator/tasks',
        headers: [...noise, ...headerLines('X-User-Id', user.values), ...(hostile ? body.extraHeaders : [])],
        body: hostile ? body.body : () => toJsonText(body.value),
      });
      const expected = user.code !== 0 ? answer(user.code) : hostile ? body.expected : answer(body.code);
      const { envelope } = await expectAnswer(res, expected);
      if (envelope.code !== 0 || hostile) return;
      const ids = (envelope.data as { taskIds?: unknown }).taskIds;
      const ok =
        Array.isArray(ids) && ids.length === body.value.count && ids.every((id) => typeof id === 'string' && id.startsWith('Service_AI'));
      if (!ok) throw new Error(`bad taskIds for count ${String(body.value.count)}`);
    }),
    { numRuns },
  );
}

type PathId = { caseClass: string; segment: string; userId: string | null };

const pathId: fc.Arbitrary<PathId> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc
      .oneof(fc.integer({ min: 0, max: 99 }).map(String), fc.bigInt({ min: 0n, max: 2n ** 63n - 1n }).map(String))
      .map((v) => ({ caseClass: 'path-id-valid', segment: v, userId: v })),
  },
  {
    weight: 1,
    arbitrary: fc.integer({ min: 0, max: 99 }).map((n) => ({ caseClass: 'path-id-leading-zeros', segment: `000${n}`, userId: String(n) })),
  },
  {
    weight: 2,
    arbitrary: fc
      .oneof(headerText(30), fc.constantFrom('-1', '1e3', '1.0', 'NaN', '9223372036854775808', '12345678901234567890', '%31', ' 1'))
      .filter((s) => s !== '' && s !== '.' && s !== '..' && !/[/\\]/.test(s) && !isLongDigits(s))
      .map((s) => ({ caseClass: 'path-id-invalid', segment: encodeURIComponent(s), userId: null })),
  },
);

const pointsBody: fc.Arbitrary<EmulatorBody> = fc.oneof(
  {
    weight: 3,
    arbitrary: fc
      .oneof(fc.nat(), fc.constant(Number.MAX_SAFE_INTEGER), fc.constant(0))
      .map((points) => ({ caseClass: 'points-valid', value: { points }, code: 0 as const })),
  },
  { weight: 1, arbitrary: fc.constant<EmulatorBody>({ caseClass: 'points-missing', value: {}, code: 2000 }) },
  {
    weight: 3,
    arbitrary: fc
      .oneof(invalidNumber(0, Number.MAX_SAFE_INTEGER, true), fc.constant(null))
      .map((points): EmulatorBody => ({ caseClass: 'points-invalid', value: { points }, code: 2001 })),
  },
);

/** PUT /_emulator/users/:id: path ID → body; a success is what GET (and Operation B) then see. */
export async function fuzzSetPoints(gw: TestGateway, numRuns: number): Promise<void> {
  const body = fc.oneof({ weight: 3, arbitrary: pointsBody }, { weight: 1, arbitrary: hostileBody });
  await fc.assert(
    fc.asyncProperty(fc.record({ id: pathId, noise: noiseHeaders, body }), async ({ id, noise, body }) => {
      const hostile = 'body' in body;
      const res = await send(gw.api, `set-points/${id.userId === null ? id.caseClass : body.caseClass}`, {
        method: 'PUT',
        path: `/api/_emulator/users/${id.segment}`,
        headers: [...noise, ...(hostile ? body.extraHeaders : [])],
        body: hostile ? body.body : () => toJsonText(body.value),
      });
      const expected = id.userId === null ? answer(2001) : hostile ? body.expected : answer(body.code);
      const { envelope } = await expectAnswer(res, expected);
      if (envelope.code !== 0 || hostile || id.userId === null) return;
      const read = await readEnvelope(
        await send(gw.api, 'get-points', { method: 'GET', path: `/api/_emulator/users/${id.userId}`, headers: [] }),
      );
      const points = (read.envelope.data as { points?: unknown } | null)?.points;
      if (points !== body.value.points || gw.deps.points.balance(id.userId) !== body.value.points) {
        throw new Error(`PUT /users/${id.segment} ${JSON.stringify(body.value)} but user ${id.userId} has ${String(points)}`);
      }
    }),
    { numRuns },
  );
}
