import { ErrorCode, ErrorMessage } from '#contract';
import type { GatewayDeps } from '../deps';
import { GatewayError, invalid } from '../reply';
import type { Caller } from '../request-context';
import { OutputTooLongError, SynthesisCancelledError } from '../speech/speech-errors';
import type { SynthesisInput, SynthesisOutput } from '../speech/speech-service';
import { speechCost } from '../users/points-ledger';

export type SpeechRequest = Omit<SynthesisInput, 'userId' | 'channel' | 'appSource'>;

/**
 * Admission, charge and synthesis of one request. The cost is held before the work and kept only
 * when audio was made and indexed (the settlement commits with the audio's row); failure, a departed client (whose job is then cancelled) and a
 * shutdown give it back, and a crash leaves a held charge that the next start refunds.
 */
export async function chargedSynthesis(
  deps: GatewayDeps,
  caller: Caller,
  request: SpeechRequest,
  signal: AbortSignal,
): Promise<SynthesisOutput> {
  // Keyed by the credential too (callerKey, set by the route): rotating X-User-Id escapes nothing.
  const leave = deps.speechAdmission.enter({ userId: caller.userId, callerKey: request.callerKey ?? `user:${caller.userId}` });
  try {
    const charge = deps.points.hold(caller.userId, speechCost(request.text));
    if (!charge) throw new GatewayError(ErrorCode.insufficientPoints, ErrorMessage.insufficientPoints);
    let result: SynthesisOutput;
    try {
      // Settled in the transaction that indexes the audio: a crash leaves both or neither.
      let settled = false;
      const commit = () => {
        deps.points.settle(charge);
        settled = true;
      };
      result = await deps.speech.synthesize(
        { ...request, userId: caller.userId, channel: caller.channel, appSource: caller.appSource },
        { signal, commit },
      );
      if (!settled) commit(); // a speech service with no index of its own (test doubles)
    } catch (error) {
      refund(deps, charge);
      throw asGatewayError(error);
    }
    return result;
  } finally {
    leave();
  }
}

function refund(deps: GatewayDeps, charge: Parameters<GatewayDeps['points']['release']>[0]): void {
  try {
    deps.points.release(charge);
  } catch (err) {
    // Only when even reading the charge failed: still held in the database, the next start refunds it.
    console.error('points: refund deferred to the next start', err instanceof Error ? err.message : String(err));
  }
}

function asGatewayError(error: unknown): GatewayError {
  if (error instanceof GatewayError) return error;
  if (error instanceof OutputTooLongError) return invalid(`sourceText at this speedFactor: ${error.message}`);
  if (error instanceof SynthesisCancelledError)
    return new GatewayError(ErrorCode.synthesisFailed, `${ErrorMessage.synthesisFailed}: ${error.message}`);
  console.error('speech: synthesis failed', error instanceof Error ? error.message : String(error));
  return new GatewayError(ErrorCode.synthesisFailed, ErrorMessage.synthesisFailed);
}
