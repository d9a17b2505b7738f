import { expect } from 'vitest';
import { taskStatusResponseSchema } from '#contract';
import { envelopeOf } from './test-gateway';

export type Item = {
  taskId: string;
  taskStatus: number;
  taskProgress: number;
  errorCode: number;
  targetVideoUrl: string | null;
  updateTime: number;
};

export async function expectFailure(res: Response, code: number, message?: string | RegExp, status = 200) {
  expect(res.status).toBe(status);
  expect(res.headers.get('Content-Type')).toMatch(/^application\/json/);
  const body = await envelopeOf(res);
  expect(body).toMatchObject({ code, data: null });
  if (typeof message === 'string') expect(body.message).toBe(message);
  else if (message) expect(body.message).toMatch(message);
}

export async function expectItems(res: Response): Promise<Item[]> {
  expect(res.status).toBe(200);
  const json: unknown = await res.json();
  expect(taskStatusResponseSchema.safeParse(json).success).toBe(true);
  const body = json as { code: number; message: string; data: Item[] };
  expect(body.code).toBe(0);
  expect(body.message).toBe('OK');
  return body.data;
}
