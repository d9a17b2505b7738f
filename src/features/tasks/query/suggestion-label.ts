import type { MessageKey, Translate } from '@/i18n/i18n-store';
import { taskErrorMeaningLabel } from '@/i18n/labels/task-labels';
import type { CompareOp } from './language/query-ast';
import type { QualifierName } from './language/qualifiers';
import { HAS_VALUES, SORT_DESCENDING_SUFFIX, STATUS_VALUES } from './language/qualifiers';
import type { Suggestion } from './language/suggest-query';
import { STATUS_GROUP_KEY } from '../task';

/** A sort key the list offers and its name (the table's columns define them: passed in, so the query does not import the table). */
export type SortOption = { key: string; label: MessageKey };

const QUALIFIER_KEY: Record<QualifierName, MessageKey> = {
  status: 'tasks.query.qualifier.status',
  progress: 'tasks.query.qualifier.progress',
  code: 'tasks.query.qualifier.code',
  age: 'tasks.query.qualifier.age',
  updated: 'tasks.query.qualifier.updated',
  eta: 'tasks.query.qualifier.eta',
  stalled: 'tasks.query.qualifier.stalled',
  has: 'tasks.query.qualifier.has',
  id: 'tasks.query.qualifier.id',
  sort: 'tasks.query.qualifier.sort',
};

const OP_KEY: Record<Exclude<CompareOp, '='>, MessageKey> = {
  '<': 'tasks.query.op.lt',
  '>': 'tasks.query.op.gt',
  '<=': 'tasks.query.op.le',
  '>=': 'tasks.query.op.ge',
};

function valueLabel(qualifier: QualifierName, value: string, t: Translate, sortOptions: readonly SortOption[]): string {
  switch (qualifier) {
    case 'status': {
      const group = STATUS_VALUES.get(value);
      return group === undefined ? '' : t(STATUS_GROUP_KEY[group]);
    }
    case 'has': {
      const what = HAS_VALUES.get(value);
      return what === undefined ? '' : t(`tasks.query.has.${what}`);
    }
    case 'stalled':
      return value === 'yes' || value === 'no' ? t(`tasks.query.stalled.${value}`) : '';
    case 'code':
      return taskErrorMeaningLabel(Number(value), t) ?? '';
    case 'sort': {
      const descending = value.endsWith(SORT_DESCENDING_SUFFIX);
      const key = descending ? value.slice(0, -SORT_DESCENDING_SUFFIX.length) : value;
      const option = sortOptions.find((o) => o.key === key);
      if (!option) return '';
      return descending ? t('tasks.query.sortDesc', { by: t(option.label) }) : t(option.label);
    }
    default:
      return '';
  }
}

/** What a suggestion means, in the UI language ("Status", "Failed", "less than", "minutes"), shown beside its text. */
export function suggestionLabel(s: Suggestion, t: Translate, sortOptions: readonly SortOption[]): string {
  switch (s.kind) {
    case 'qualifier':
      return t(QUALIFIER_KEY[s.qualifier]);
    case 'value':
      return valueLabel(s.qualifier, s.value, t, sortOptions);
    case 'operator':
      return s.op === '=' ? '' : t(OP_KEY[s.op]);
    case 'unit':
      return t(`tasks.query.unit.${s.unit}`);
  }
}
