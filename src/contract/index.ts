// The service interface as zod schemas: the one module the browser app and the server share.
export * from './assert-never';
export * from './audio-magic';
export * from './console-failure';
export * from './envelope';
export * from './error-codes';
export * from './headers';
export * from './limits';
export * from './operation-paths';
export * from './operations';
export * from './speech';
export * from './task-error-codes';
export * from './task-status';
export * from './task-status-schema';
export * from './voices';
