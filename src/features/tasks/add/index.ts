// Adding IDs to the watch list: the add form (paste, type or import a file), the import report, and the adding itself.
export { AddTaskIds } from './add-task-ids';
export { addTextToWatchListLater } from './chunks';
export { ADD_FIELD_ID } from './add-field-id';
