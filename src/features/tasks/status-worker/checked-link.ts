import { TaskStatus, type TaskStatusItem } from '@/contract';
import { safeDownloadUrl } from '../task';

/** A checked link that is the answer's own targetVideoUrl as it came: not posted again as a second copy of the string. */
export const LINK_AS_GIVEN = 0;
export type CheckedLink = string | null | typeof LINK_AS_GIVEN;

/** A Finished item's result link, checked (only an absolute http(s) URL is a link). */
export function checkedLink(item: TaskStatusItem): CheckedLink {
  const url = item.taskStatus === TaskStatus.finished ? safeDownloadUrl(item.targetVideoUrl) : null;
  return url !== null && url === item.targetVideoUrl ? LINK_AS_GIVEN : url;
}

/** The link a checked one stands for. */
export const linkOf = (item: TaskStatusItem, link: CheckedLink) => (link === LINK_AS_GIVEN ? item.targetVideoUrl : link);
