import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';

export default tseslint.config(
  { ignores: ['dist/**', '.netlify/**', 'node_modules/**', 'public/**'] },
  ...tseslint.configs.recommended,
  {
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-definitions': ['error', 'type'],
    },
  },
  {
    // Deno (Netlify's edge bundler) resolves imports literally: relative imports name their file.
    files: ['src/**/*.{ts,tsx}', 'netlify/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-syntax': [
        'error',
        ...['ImportDeclaration', 'ExportNamedDeclaration', 'ExportAllDeclaration', 'ImportExpression'].map(
          (node) => ({
            selector: `${node}[source.value=/^\\.\\.?\\/(?!.*\\.(ts|tsx|json|css)$)/]`,
            message:
              'Relative imports need their file extension (.ts/.tsx): the edge bundle is resolved by Deno.',
          }),
        ),
      ],
    },
  },
  {
    files: ['src/**'],
    ignores: ['src/local/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/local/**', '**/netlify/**'],
              message: 'src/ does not depend on the local stack or the adapters.',
            },
          ],
        },
      ],
    },
  },
  {
    // Boundaries: the app and widgets know nothing of Storyblok or Shopify wire formats,
    // and nothing in src/ reaches into the platform adapters or the local stack.
    files: ['src/app/**', 'src/widgets/**', 'src/client/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '(^|/)content(/index|/wire|/client[^/]*|/map/.*|/service[^/]*|/queries)?$',
              message:
                'Wire formats and the CMS client stay in src/content (import types from content/types).',
            },
            { group: ['storyblok-js-client'], message: 'The CMS client stays in src/content.' },
            {
              group: ['**/local/**', '**/server/**', '**/*.server', '**/netlify/**'],
              message: 'Server-only code stays out of the browser.',
            },
          ],
        },
      ],
    },
  },
);
