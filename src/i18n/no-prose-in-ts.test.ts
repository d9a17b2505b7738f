// @vitest-environment node
import { RuleTester } from 'eslint';
import tseslint from 'typescript-eslint';
import { afterAll, describe, it } from 'vitest';
import { noProseInTs } from '../../scripts/lint/no-prose-in-ts.js';

// RuleTester runs its cases through the test framework's hooks (typed loosely in ESLint's types).
Object.assign(RuleTester, { afterAll, describe, it });

const tester = new RuleTester({ languageOptions: { parser: tseslint.parser } });

tester.run('no-prose-in-ts', noProseInTs, {
  valid: [
    "const title = t('errors.kind.timeout');",
    "const path = '/api/v1/task/status'; const id = 'Service_AI_123';",
    "const product = 'Service AI Console';",
    'const copied = `Copied ${what}`;',
    'console.warn(`Service AI Console: the wording could not be loaded (${why})`);',
    "type Kind = 'not a gateway at all';",
    "throw new GatewayRequestError({ operation, kind: 'timeout', message: 'No answer within 20 s', detail: { id: 'timeout' } });",
    "import x from './a file with spaces';",
  ],
  invalid: [
    { code: "const next = 'Check the Token in Settings.';", errors: [{ messageId: 'prose' }] },
    { code: 'const s = `${n} tasks done in about ${d}`;', errors: [{ messageId: 'prose' }] },
    { code: "const r = { reason: 'cannot estimate yet' };", errors: [{ messageId: 'prose' }] },
    {
      code: "throw new GatewayRequestError({ operation, kind: 'timeout', message: 'No answer within 20 s' });",
      errors: [{ messageId: 'prose' }],
    },
  ],
});
