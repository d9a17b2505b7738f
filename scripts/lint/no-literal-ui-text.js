// ESLint rule: words an operator reads come from the message catalogs (docs/i18n.md), never from a
// literal in a component. Flags JSX text with a letter in it, and string literals (plain, template,
// or either side of ?: / ?? / ||) as JSX children or in props a person reads or hears.
const LETTER = /\p{L}/u;

/** Props whose value is read or heard: accessible names and descriptions, tooltips, labels. */
const READ_PROPS = new Set([
  'alt',
  'aria-description',
  'aria-label',
  'aria-placeholder',
  'aria-roledescription',
  'aria-valuetext',
  'confirmLabel',
  'hint',
  'label',
  'placeholder',
  'title',
]);

/** The literal text an expression may evaluate to, '' when it is computed. */
function literalText(node) {
  if (!node) return '';
  if (node.type === 'Literal' && typeof node.value === 'string') return node.value;
  if (node.type === 'TemplateLiteral') return node.quasis.map((q) => q.value.cooked ?? '').join(' ');
  if (node.type === 'ConditionalExpression') return `${literalText(node.consequent)} ${literalText(node.alternate)}`;
  if (node.type === 'LogicalExpression') return `${literalText(node.left)} ${literalText(node.right)}`;
  return '';
}

/** @type {import('eslint').Rule.RuleModule} */
export const noLiteralUiText = {
  meta: {
    type: 'problem',
    docs: { description: 'User-visible text comes from a message catalog (docs/i18n.md).' },
    messages: {
      literal:
        "User-visible text \"{{text}}\" belongs in the message catalogs (a feature's messages/ folder, or src/i18n/catalogs): use t('namespace.key') (docs/i18n.md).",
    },
    schema: [],
  },
  create(context) {
    const check = (node, text) => {
      if (LETTER.test(text)) context.report({ node, messageId: 'literal', data: { text: text.trim().slice(0, 40) } });
    };
    return {
      JSXText: (node) => check(node, node.value),
      JSXExpressionContainer(node) {
        const parent = node.parent?.type;
        if (parent === 'JSXElement' || parent === 'JSXFragment') check(node, literalText(node.expression));
      },
      JSXAttribute(node) {
        if (node.name.type !== 'JSXIdentifier' || !READ_PROPS.has(node.name.name) || !node.value) return;
        check(node, node.value.type === 'JSXExpressionContainer' ? literalText(node.value.expression) : literalText(node.value));
      },
    };
  },
};
