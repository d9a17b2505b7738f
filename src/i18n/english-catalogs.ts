// The English catalogs are the source of the message keys' types (MessageKey, Namespace in ./i18n-store.ts).
// A feature's messages/en.json is listed here: data, not code, so the one import from features the
// layers allow src/i18n (eslint.config.js). A folder missing here leaves its keys untyped: t() fails the typecheck.
import type shared from './catalogs/en.json';
import type connection from '@/features/connection/messages/en.json';
import type speech from '@/features/speech/messages/en.json';
import type tasks from '@/features/tasks/messages/en.json';

export type English = typeof shared & typeof connection & typeof speech & typeof tasks;
