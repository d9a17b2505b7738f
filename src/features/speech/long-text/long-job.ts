import type { SpeechRequest } from '@/contract';
import type { Connection } from '@/lib/connection-profile';
import type { PcmFormat } from '../audio';
import type { TextPart } from './split-text';

/** A text longer than one request, sent in parts; kept until every part is done, so it can resume. */
export type LongJob = {
  id: string;
  createdAt: number;
  /** Where it was started; the token is never stored. */
  connection: Omit<Connection, 'token'>;
  /** The whole text and the parameters every part is sent with. */
  request: SpeechRequest;
  parts: TextPart[];
  pcmFormat: PcmFormat;
};

/** A job that stopped before its end (cancel, an error, a reload), with how far it got. */
export type PausedJob = { job: LongJob; done: number };

/** The body of one part's request: the same parameters, that part's text. */
export const partRequest = (job: LongJob, index: number): SpeechRequest => ({ ...job.request, sourceText: job.parts[index]!.text });
