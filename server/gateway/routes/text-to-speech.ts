import { Hono } from 'hono';
import { operations, successEnvelope } from '#contract';
import { noteEnvelopeCode } from '../../observability/request-record';
import type { GatewayDeps } from '../deps';
import { linkOrigin } from '../files/link-origin';
import { readJsonObject } from '../read-json-body';
import { readCaller, requireToken } from '../request-context';
import { callerKey } from './caller-key';
import { chargedSynthesis } from './charged-synthesis';
import { newTaskId } from '../tasks/task-id';
import { readSpeechRequest } from './speech-request';
import { userIdAsJsonInteger } from './raw-user-id';

/** Operation B (section 4.2): synthesize speech, charge points, answer a signed audio URL. */
export function textToSpeechRoutes(deps: GatewayDeps) {
  const app = new Hono();
  app.post(operations.textToSpeech.path, async (c) => {
    requireToken(c, deps.tokens);
    const caller = readCaller(c);
    const body = await readJsonObject(c);
    deps.metrics?.speechText(body.sourceText);
    const request = readSpeechRequest(body);
    const result = await chargedSynthesis(deps, caller, { ...request, callerKey: callerKey(c) }, c.req.raw.signal);
    const data = {
      taskId: newTaskId(Date.now()),
      targetAudioUrl: deps.signer.fileUrl(linkOrigin(c, deps), 'audio', result.fileId, caller.userId),
      sourceLanguage: result.sourceLanguage,
      targetLanguage: result.targetLanguage,
      speeches: result.speeches,
      userId: caller.userId,
    };
    noteEnvelopeCode(c, 0);
    return c.body(userIdAsJsonInteger(JSON.stringify(successEnvelope(data)), caller.userId), 200, {
      'Content-Type': 'application/json; charset=UTF-8',
    });
  });
  return app;
}
