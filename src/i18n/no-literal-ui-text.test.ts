// @vitest-environment node
import { RuleTester } from 'eslint';
import tseslint from 'typescript-eslint';
import { afterAll, describe, it } from 'vitest';
import { noLiteralUiText } from '../../scripts/lint/no-literal-ui-text.js';

// RuleTester runs its cases through the test framework's hooks (typed loosely in ESLint's types).
Object.assign(RuleTester, { afterAll, describe, it });

const tester = new RuleTester({
  languageOptions: { parser: tseslint.parser, parserOptions: { ecmaFeatures: { jsx: true } } },
});

tester.run('no-literal-ui-text', noLiteralUiText, {
  valid: [
    "const a = <p>{t('common.app.loading')}</p>;",
    "const a = <p title={t('common.pages.settingsTitle')}>{name} · {' '}—</p>;",
    'const a = <input id="profile-name" type="text" className="field" autoComplete="off" />;',
    "const a = <Link to=\"/settings\" aria-current={on ? 'page' : undefined}>{t('common.pages.settings')}</Link>;",
  ],
  invalid: [
    { code: 'const a = <p>Loading…</p>;', errors: [{ messageId: 'literal' }] },
    { code: 'const a = <button title="Connection settings" />;', errors: [{ messageId: 'literal' }] },
    { code: "const a = <nav aria-label={open ? 'Close' : 'Open'} />;", errors: [{ messageId: 'literal' }] },
    { code: 'const a = <p>{`${n} tasks`}</p>;', errors: [{ messageId: 'literal' }] },
    { code: 'const a = <Field label="User ID" hint={\'Digits only\'} />;', errors: [{ messageId: 'literal' }, { messageId: 'literal' }] },
    { code: 'const a = <p>已完成</p>;', errors: [{ messageId: 'literal' }] },
  ],
});
