// The script tab loads when it is first opened, in a chunk of its own: the page's first paint does not wait for it.
export const loadScriptPanel = () => import('./script-panel');
