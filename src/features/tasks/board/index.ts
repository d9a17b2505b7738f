// The board chunk, loaded once there is a watch list: summary strip, transitions feed, list actions and the table (board/table/).
export { loadTaskBoardView } from './chunks';
