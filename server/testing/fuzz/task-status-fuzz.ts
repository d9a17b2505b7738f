import fc from 'fast-check';
import { operations, taskStatusResponseSchema } from '#contract';
import { MAX_BODY_BYTES } from '../../gateway/read-json-body';
import type { TestGateway } from '../test-gateway';
import { hostileBody, rawNumber, wrongType } from './body-arbitraries';
import { answer, expectAnswer, send, type Expected } from './fuzz-client';
import { authCase, headerLines, noiseHeaders, userIdCase } from './header-arbitraries';
import { deepArray, toJsonText } from './raw-json';
import { GATEWAY_MOUNT } from '../../gateway/files/url-signer';

const PREFIX = 'Service_AI';
/** What the body alone decides: fixed outcome, or the IDs the oracle checks against ownership. */
type StatusBody = { caseClass: string; text: string; outcome: { expected: Expected } | { merged: string[] } };

const merge = (taskId: unknown, taskIds: unknown): string[] => [
  ...new Set([...(typeof taskId === 'string' && taskId !== '' ? [taskId] : []), ...(Array.isArray(taskIds) ? (taskIds as string[]) : [])]),
];

function idsBody(value: { taskId?: string | null; taskIds?: string[] | null }, extra: Record<string, unknown> = {}): StatusBody {
  const merged = merge(value.taskId, value.taskIds);
  const bad = merged.some((id) => !(id.startsWith(PREFIX) && id.length > PREFIX.length));
  const caseClass = merged.length === 0 ? 'ids-both-empty' : merged.length > 100 ? 'ids-over-100' : bad ? 'ids-bad-prefix' : 'ids-valid';
  const failed = merged.length === 0 || merged.length > 100 || bad;
  return { caseClass, text: toJsonText({ ...value, ...extra }), outcome: failed ? { expected: answer(2001) } : { merged } };
}

function statusBodies(ownIds: string[]): fc.Arbitrary<StatusBody> {
  const idPick = fc.oneof(
    { weight: 6, arbitrary: fc.constantFrom(...ownIds) },
    { weight: 2, arbitrary: fc.string({ maxLength: 12 }).map((s) => PREFIX + s) },
    { weight: 1, arbitrary: fc.oneof(fc.string({ maxLength: 20 }), fc.constantFrom('', 'service_ai_1', ' Service_AI_1', '1', 'NaN')) },
  );
  const idList = fc.oneof(fc.array(idPick, { maxLength: 20 }), fc.array(idPick, { minLength: 95, maxLength: 130 }));
  const tenThousand = (distinct: boolean) =>
    fc.nat().map((seed): StatusBody => {
      const taskIds = Array.from({ length: 10_000 }, (_, i) => (distinct ? `${PREFIX}_${seed}_${i}` : ownIds[i % ownIds.length]!));
      return { ...idsBody({ taskIds }), caseClass: distinct ? 'ids-10k-distinct' : 'ids-10k-duplicates' };
    });
  return fc.oneof(
    {
      weight: 10,
      arbitrary: fc.record({ taskId: fc.option(idPick), taskIds: fc.option(idList) }, { requiredKeys: [] }).map((v) => idsBody(v)),
    },
    { weight: 1, arbitrary: tenThousand(true) },
    { weight: 1, arbitrary: tenThousand(false) },
    {
      weight: 2,
      arbitrary: fc
        .oneof(
          wrongType('string').map((taskId) => ({ taskId })),
          fc.oneof(wrongType('number'), fc.constantFrom<unknown>('Service_AI_1', 1, {})).map((taskIds) => ({ taskIds })),
          fc
            .array(fc.oneof(fc.integer(), fc.constant(null), fc.constant(deepArray(10_000))), { minLength: 1, maxLength: 3 })
            .map((bad) => ({ taskIds: [ownIds[0], ...bad] })),
        )
        .filter(
          (v) => !('taskIds' in v) || v.taskIds === undefined || !Array.isArray(v.taskIds) || v.taskIds.some((x) => typeof x !== 'string'),
        )
        .map((v): StatusBody => ({ caseClass: 'ids-wrong-type', text: toJsonText(v), outcome: { expected: answer(2001) } })),
    },
    {
      weight: 1,
      arbitrary: rawNumber.map((taskId): StatusBody => ({
        caseClass: 'ids-nan-like',
        text: toJsonText({ taskId }),
        outcome: { expected: answer(2001) },
      })),
    },
    {
      weight: 1,
      arbitrary: fc.constantFrom(...ownIds).map((id) => ({
        ...idsBody({ taskId: id }, { extra: deepArray(10_000), nested: { taskId: 1, taskIds: [deepArray(10_000)] } }),
        caseClass: 'extra-field-deep',
      })),
    },
    {
      weight: 1,
      arbitrary: fc.constantFrom(...ownIds).map((id): StatusBody => {
        const head = `{"taskId":${JSON.stringify(id)},"pad":"`;
        return {
          caseClass: 'body-at-size-limit',
          text: head + 'x'.repeat(MAX_BODY_BYTES - head.length - 2) + '"}',
          outcome: { merged: [id] },
        };
      }),
    },
    {
      weight: 2,
      arbitrary: fc
        .dictionary(fc.oneof(fc.constantFrom('taskId', 'taskIds', '__proto__', 'constructor'), fc.string()), fc.jsonValue({ maxDepth: 3 }))
        .map((v): StatusBody => ({
          caseClass: 'random-json-object',
          text: JSON.stringify(v),
          outcome: { expected: { codes: [0, 2001], status: 200 } },
        })),
    },
  );
}

/** Operation A: token (optional policy) → X-User-Id → body, first failure wins; data only the caller's own tasks. */
export async function fuzzTaskStatus(gw: TestGateway, numRuns: number): Promise<void> {
  const owners = new Map<string, string>();
  for (const user of ['1', '2']) for (const id of await gw.createTasks(user, { count: 20 })) owners.set(id, user);
  const body = fc.oneof({ weight: 4, arbitrary: statusBodies([...owners.keys()]) }, { weight: 1, arbitrary: hostileBody });
  const request = fc.record({ auth: authCase, user: userIdCase, noise: noiseHeaders, body });

  await fc.assert(
    fc.asyncProperty(request, async ({ auth, user, noise, body }) => {
      const hostile = 'body' in body;
      const res = await send(gw.api, `status/${body.caseClass}`, {
        method: 'POST',
        path: `${GATEWAY_MOUNT}${operations.taskStatus.path}`,
        headers: [
          ...noise,
          ...headerLines('Authorization', auth.values),
          ...headerLines('X-User-Id', user.values),
          ...(hostile ? body.extraHeaders : []),
        ],
        body: hostile ? body.body : () => body.text,
      });
      const authFails = auth.values.length > 0 && !auth.ok;
      const bodyOutcome = hostile ? { expected: body.expected } : body.outcome;
      const expected = authFails
        ? answer(401, 401)
        : user.code !== 0
          ? answer(user.code)
          : 'expected' in bodyOutcome
            ? bodyOutcome.expected
            : answer(0);
      const { envelope } = await expectAnswer(res, expected);
      if (envelope.code !== 0 || 'expected' in bodyOutcome) return;
      const parsed = taskStatusResponseSchema.safeParse(envelope);
      if (!parsed.success) throw new Error(`success does not match the contract: ${parsed.error.message}`);
      const got = (parsed.data.data ?? []).map((item) => item.taskId);
      const want = bodyOutcome.merged.filter((id) => owners.get(id) === user.userId);
      if (got.join() !== want.join()) throw new Error(`user ${user.userId} got tasks [${got.join()}], expected [${want.join()}]`);
    }),
    { numRuns },
  );
}
