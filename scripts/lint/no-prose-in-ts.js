// ESLint rule for .ts files (no-literal-ui-text covers JSX): a string literal or template that reads
// as an English sentence (a run of three or more words) is prose a person may read, and belongs in
// the message catalogs (docs/i18n.md). Not flagged: console.* arguments (logs for support), type
// positions, property keys, and the English `message` of a GatewayRequestError that carries a
// `detail` (the log form; the screen words the detail). Files whose English is not UI text are
// listed in I18N_NON_UI_TS_FILES with the reason; files not converted yet in I18N_PENDING_TS_FILES.
const WORD = "[A-Za-z][a-z']+";
const SENTENCE = new RegExp(`${WORD}[ ,]+${WORD}[ ,]+${WORD}`);

/** The literal text of a plain or template literal; a template's placeholders split it. */
function textOf(node) {
  if (node.type === 'Literal') return typeof node.value === 'string' ? [node.value] : [];
  return node.quasis.map((q) => q.value.cooked ?? '');
}

const isConsoleCall = (node) =>
  node.type === 'CallExpression' &&
  node.callee.type === 'MemberExpression' &&
  node.callee.object.type === 'Identifier' &&
  node.callee.object.name === 'console';

/** `new GatewayRequestError({ …, message: '…', detail: … })`: the message is the English log form of the detail. */
function isLoggedMessageOfWordedError(node) {
  const property = node.parent;
  if (property?.type !== 'Property' || property.value !== node || property.key.type !== 'Identifier' || property.key.name !== 'message')
    return false;
  const object = property.parent;
  const hasDetail = object.properties.some((p) => p.type === 'Property' && p.key.type === 'Identifier' && p.key.name === 'detail');
  return hasDetail && object.parent?.type === 'NewExpression';
}

function exempt(node) {
  if (isLoggedMessageOfWordedError(node)) return true;
  for (let n = node.parent; n; n = n.parent) {
    if (isConsoleCall(n)) return true;
    if (n.type.startsWith('TS') && n.type !== 'TSAsExpression' && n.type !== 'TSSatisfiesExpression' && n.type !== 'TSNonNullExpression')
      return true;
    if (n.type === 'ImportDeclaration' || n.type === 'ExportNamedDeclaration' || n.type === 'ExportAllDeclaration') {
      if (n.source && (n.source === node || n.source === node.parent)) return true;
    }
  }
  const parent = node.parent;
  return parent?.type === 'Property' && parent.key === node && !parent.computed;
}

/** @type {import('eslint').Rule.RuleModule} */
export const noProseInTs = {
  meta: {
    type: 'problem',
    docs: { description: 'Prose an operator may read comes from a message catalog, in .ts files too (docs/i18n.md).' },
    messages: {
      prose:
        "English prose \"{{text}}\" belongs in the message catalogs (a feature's messages/ folder, or src/i18n/catalogs): use t('namespace.key') (docs/i18n.md), or list the file in scripts/lint/i18n-pending-files.js with why.",
    },
    schema: [],
  },
  create(context) {
    const check = (node) => {
      const hit = textOf(node).find((text) => SENTENCE.test(text));
      if (hit !== undefined && !exempt(node)) context.report({ node, messageId: 'prose', data: { text: hit.trim().slice(0, 50) } });
    };
    return { Literal: check, TemplateLiteral: check };
  },
};
