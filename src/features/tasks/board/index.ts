// The board chunk, loaded once there is a watch list: summary strip, transitions feed, list actions and the table (board/table/);
// and the panel of a view link the page opened at.
export { loadOpenedViewPanel, loadTaskBoardView } from './chunks';
