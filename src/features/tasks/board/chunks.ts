// The board chunk (table, summary, feed), loaded once there is a watch list. The import() names the module itself and
// reads its export on the spot, so the bundler keeps the chunk's exports as they are (no namespace object).
export const loadTaskBoardView = () => import('./task-board').then((m) => ({ default: m.TaskBoardView }));
// A view link's panel, loaded only when the page opens at one (with or without a watch list).
export const loadOpenedViewPanel = () => import('./opened-view-panel').then((m) => ({ default: m.OpenedViewPanel }));
