// One task's details dialog (/tasks/<id>): timeline, progress sparkline, failure advice, download.
export { TaskDetailsDialog, taskDetailsPath, taskIdFromPath } from './task-details-dialog';
