import { Hono } from 'hono';
import { ErrorCode, ErrorMessage, operations, successEnvelope } from '../../../src/contract';
import type { GatewayDeps } from '../deps';
import { GatewayError } from '../reply';
import { readJsonObject } from '../read-json-body';
import { readCaller, requireToken } from '../request-context';
import { speechCost } from '../users/points-ledger';
import { newTaskId } from '../tasks/task-id';
import { readSpeechRequest } from './speech-request';
import { userIdAsJsonInteger } from './raw-user-id';

/** Operation B (section 4.2): synthesize speech, charge points, answer a signed audio URL. */
export function textToSpeechRoutes(deps: GatewayDeps) {
  const app = new Hono();
  app.post(operations.textToSpeech.path, async (c) => {
    requireToken(c, deps.tokens);
    const caller = readCaller(c);
    const request = readSpeechRequest(await readJsonObject(c));
    const cost = speechCost(request.text);
    if (!deps.points.trySpend(caller.userId, cost)) {
      throw new GatewayError(ErrorCode.insufficientPoints, ErrorMessage.insufficientPoints);
    }
    let result;
    try {
      result = await deps.speech.synthesize({ ...request, userId: caller.userId, channel: caller.channel, appSource: caller.appSource });
    } catch (error) {
      deps.points.refund(caller.userId, cost);
      console.error('speech: synthesis failed', error instanceof Error ? error.message : String(error));
      throw new GatewayError(ErrorCode.synthesisFailed, ErrorMessage.synthesisFailed);
    }
    const data = {
      taskId: newTaskId(Date.now()),
      targetAudioUrl: deps.signer.fileUrl(new URL(c.req.url).origin, 'audio', result.fileId, caller.userId),
      sourceLanguage: result.sourceLanguage,
      targetLanguage: result.targetLanguage,
      speeches: result.speeches,
      userId: caller.userId,
    };
    return c.body(userIdAsJsonInteger(JSON.stringify(successEnvelope(data)), caller.userId), 200, {
      'Content-Type': 'application/json; charset=UTF-8',
    });
  });
  return app;
}
