import type { TokenFinding } from '../api/test-connection';

/** What a connection test learned about the token, in words that claim no more than the answers prove. */
export function tokenFindingText(token: TokenFinding): string {
  switch (token.kind) {
    case 'none':
      return 'No token set: speech synthesis needs one (status queries work without it here), so enter it before synthesizing.';
    case 'accepted-for-status':
      return 'Token: accepted for status queries — the gateway refused the same query without a token and answered it with yours. Your first synthesis checks it for speech.';
    case 'not-checked':
      return 'Token: not checked — this gateway answers status queries without a token, and the spec offers no harmless request that checks one; your first synthesis will.';
    case 'inconclusive':
      return `Token: not checked — the same query without a token got no clear answer (${token.error.message}); your first synthesis will check it.`;
  }
}
