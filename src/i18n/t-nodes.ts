import { createElement, Fragment, type ReactNode } from 'react';
import { getLocale, lookup, type MessageKey } from './i18n-store';
import { formatParts, type MessageValue } from './message-format';

/**
 * A message whose values may be React nodes, e.g. a link inside a sentence:
 * `tNodes('common.setup.openSettings', { link: <Link to="/settings">{t('common.setup.openSettingsLink')}</Link> })`.
 * Reads the current locale: call it from a component that also calls useT() (so it renders again on a switch).
 */
export function tNodes(key: MessageKey, values: Record<string, MessageValue | ReactNode>): ReactNode {
  const locale = getLocale();
  return createElement(Fragment, null, ...formatParts<ReactNode>(lookup(locale, key), values, locale));
}
