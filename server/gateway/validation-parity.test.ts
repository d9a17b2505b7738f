import { describe, expect, it } from 'vitest';
import { operations, type OperationName } from '#contract';
import { GatewayError } from './reply';
import { readSpeechRequest } from './routes/speech-request';
import { readTaskIds } from './routes/task-status';
import { gatewayErrorOf } from './validate-body';

type Verdict = { ok: true } | { ok: false; code: number };

/** What the console's client checks before sending: the contract's request schema, issues read as the gateway reads them. */
function browserVerdict(operation: OperationName, body: Record<string, unknown>): Verdict {
  const schema = operations[operation].request;
  const result = schema.safeParse(body);
  const order = 'shape' in schema ? Object.keys(schema.shape) : [];
  return result.success ? { ok: true } : { ok: false, code: gatewayErrorOf(result.error.issues, body, order).code };
}

const gatewayRead: Record<OperationName, (body: Record<string, unknown>) => unknown> = {
  taskStatus: readTaskIds,
  textToSpeech: readSpeechRequest,
};

function gatewayVerdict(operation: OperationName, body: Record<string, unknown>): Verdict {
  try {
    gatewayRead[operation](body);
    return { ok: true };
  } catch (error) {
    if (error instanceof GatewayError) return { ok: false, code: error.code };
    throw error;
  }
}

const speech = (extra: Record<string, unknown>) => ({ sourceText: 'Hello.', voiceName: 'en-us', ...extra });
const ids = (n: number) => Array.from({ length: n }, (_, i) => `Service_AI_${i}`);

/** Bodies both sides must judge alike: accept both, or refuse both with the same code. */
const SAME: [OperationName, string, Record<string, unknown>, 0 | 2000 | 2001][] = [
  ['textToSpeech', 'a plain request', speech({}), 0],
  ['textToSpeech', 'every field at its bounds', speech({ speedFactor: 2, volume: -60, emotion: 6, common: 0, selectedEngine: 1 }), 0],
  ['textToSpeech', 'a timbre alone', { sourceText: 'Hi.', timbreNumber: 0 }, 0],
  ['textToSpeech', 'format in capitals', speech({ format: 'MP3' }), 0],
  ['textToSpeech', 'an unknown format (falls back to wav)', speech({ format: 'ogg' }), 0],
  ['textToSpeech', 'an unknown extra field', speech({ userId: 7, extra: [1] }), 0],
  ['textToSpeech', 'no sourceText', { voiceName: 'en-us' }, 2000],
  ['textToSpeech', 'an empty sourceText', speech({ sourceText: '' }), 2000],
  ['textToSpeech', 'a blank sourceText', speech({ sourceText: ' \n ' }), 2000],
  ['textToSpeech', 'no voice and no timbre', { sourceText: 'Hi.' }, 2000],
  ['textToSpeech', 'sourceText a number', speech({ sourceText: 12 }), 2001],
  ['textToSpeech', 'an empty voiceName', speech({ voiceName: ' ' }), 2001],
  ['textToSpeech', 'a numeric voiceName', speech({ voiceName: 5 }), 2001],
  ['textToSpeech', 'an empty targetLanguage', speech({ targetLanguage: '' }), 2001],
  ['textToSpeech', 'timbreNumber -1', { sourceText: 'Hi.', timbreNumber: -1 }, 2001],
  ['textToSpeech', 'timbreNumber 1.5', { sourceText: 'Hi.', timbreNumber: 1.5 }, 2001],
  ['textToSpeech', 'timbreNumber "1"', { sourceText: 'Hi.', timbreNumber: '1' }, 2001],
  ['textToSpeech', 'speedFactor 0.49', speech({ speedFactor: 0.49 }), 2001],
  ['textToSpeech', 'speedFactor "1"', speech({ speedFactor: '1' }), 2001],
  ['textToSpeech', 'volume 20.01', speech({ volume: 20.01 }), 2001],
  ['textToSpeech', 'volume Infinity', speech({ volume: Infinity }), 2001],
  ['textToSpeech', 'emotion 2.5', speech({ emotion: 2.5 }), 2001],
  ['textToSpeech', 'emotion 7', speech({ emotion: 7 }), 2001],
  ['textToSpeech', 'common "0"', speech({ common: '0' }), 2001],
  ['textToSpeech', 'selectedEngine 0.5', speech({ selectedEngine: 0.5 }), 2001],
  ['textToSpeech', 'a missing text before a bad volume: the first rule wins', { voiceName: 'en-us', volume: 99 }, 2000],
  ['taskStatus', 'one taskId', { taskId: 'Service_AI_1' }, 0],
  ['taskStatus', 'taskId and taskIds merged', { taskId: 'Service_AI_1', taskIds: ['Service_AI_2', 'Service_AI_1'] }, 0],
  ['taskStatus', '100 IDs', { taskIds: ids(100) }, 0],
  ['taskStatus', '101 IDs that dedupe to 100', { taskIds: [...ids(100), 'Service_AI_0'] }, 0],
  ['taskStatus', 'an empty object', {}, 2001],
  ['taskStatus', 'an empty taskId', { taskId: '' }, 2001],
  ['taskStatus', 'an empty taskIds', { taskIds: [] }, 2001],
  ['taskStatus', '101 distinct IDs', { taskIds: ids(101) }, 2001],
  ['taskStatus', 'the bare prefix', { taskId: 'Service_AI' }, 2001],
  ['taskStatus', 'a lower-case prefix', { taskIds: ['service_ai_1'] }, 2001],
  ['taskStatus', 'taskId a number', { taskId: 123 }, 2001],
  ['taskStatus', 'taskIds a string', { taskIds: 'Service_AI_1' }, 2001],
  ['taskStatus', 'taskIds holding a number', { taskIds: ['Service_AI_1', 2] }, 2001],
];

describe('the console and the gateway judge request bodies alike', () => {
  it.each(SAME)('%s: %s → %s on both sides', (operation, _, body, code) => {
    const want: Verdict = code === 0 ? { ok: true } : { ok: false, code };
    expect(gatewayVerdict(operation, body)).toEqual(want);
    expect(browserVerdict(operation, body)).toEqual(want);
  });
});

/**
 * Where they differ on purpose: the console talks to any gateway, so it leaves the embedded
 * gateway's own lists (languages, voices, timbres, scopes, engines) to the gateway; and the
 * gateway reads the wire leniently as the original does (null is absent, any format falls back).
 */
const GATEWAY_STRICTER: [string, Record<string, unknown>][] = [
  ['a language the embedded gateway lacks', speech({ targetLanguage: 'xx' })],
  ['a voice it does not know', speech({ voiceName: 'nobody' })],
  ['a voice that does not speak the language', speech({ targetLanguage: 'zh' })],
  ['timbreNumber 9', { sourceText: 'Hi.', timbreNumber: 9 }],
  ['common 2', speech({ common: 2 })],
  ['selectedEngine 9', speech({ selectedEngine: 9 })],
];
const GATEWAY_LENIENT: [string, OperationName, Record<string, unknown>][] = [
  ['null optional fields', 'textToSpeech', speech({ targetLanguage: null, speedFactor: null, format: null })],
  ['a format that is not a string', 'textToSpeech', speech({ format: 5 })],
  ['taskIds null beside a taskId', 'taskStatus', { taskId: 'Service_AI_1', taskIds: null }],
];

describe('where the embedded gateway differs from the console on purpose', () => {
  it.each(GATEWAY_STRICTER)('%s: the console sends it, the embedded gateway answers 2001', (_, body) => {
    expect(browserVerdict('textToSpeech', body)).toEqual({ ok: true });
    expect(gatewayVerdict('textToSpeech', body)).toEqual({ ok: false, code: 2001 });
  });

  it.each(GATEWAY_LENIENT)('%s: the console would never send it, the gateway accepts it', (_, operation, body) => {
    expect(browserVerdict(operation, body)).toEqual({ ok: false, code: 2001 });
    expect(gatewayVerdict(operation, body)).toEqual({ ok: true });
  });
});
