import { SHARE_PARAM } from './share-param';

/** A link that opens this watch list elsewhere: task IDs only (compressed, in the fragment), never a token or user ID. */
export async function shareLink(ids: readonly string[]): Promise<string> {
  const { packIds } = await import('./share-codec');
  const url = new URL('/tasks', window.location.origin);
  url.hash = `${SHARE_PARAM}=${await packIds(ids)}`;
  return url.href;
}
