import type { Translate } from '@/i18n/i18n-store';
import type { TokenFinding } from '../api/test-connection';

/** What a connection test learned about the token, in words that claim no more than the answers prove. */
export function tokenFindingText(t: Translate, token: TokenFinding): string {
  switch (token.kind) {
    case 'none':
      return t('settings.test.tokenNone');
    case 'accepted-for-status':
      return t('settings.test.tokenAccepted');
    case 'not-checked':
      return t('settings.test.tokenNotChecked');
    case 'inconclusive':
      return t('settings.test.tokenInconclusive', { error: token.error.message });
  }
}
