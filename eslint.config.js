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
    // Type-aware rules on the code that ships: nothing typed `any` flows on unchecked, and only
    // errors are thrown (plus the Response react-router's loaders throw for 404s and failed payloads).
    files: ['src/**/*.{ts,tsx}', 'netlify/**/*.{ts,mts}'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/no-unsafe-assignment': 'error',
      '@typescript-eslint/no-unsafe-member-access': 'error',
      '@typescript-eslint/no-unsafe-call': 'error',
      '@typescript-eslint/no-unsafe-return': 'error',
      '@typescript-eslint/no-unsafe-argument': 'error',
      '@typescript-eslint/only-throw-error': [
        'error',
        {
          allow: [
            { from: 'lib', name: 'Response' },
            { from: 'package', package: 'react-router', name: 'DataWithResponseInit' },
          ],
        },
      ],
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
  ...boundaries(),
);

/**
 * The import graph points one way: netlify → server/functions → client → app → blocks → services →
 * widgets → shared; content and store sit below app and server. Each layer gets exactly one
 * no-restricted-imports entry (flat config lets the last match win, so they must not overlap).
 * Patterns are regexes over the import's source text: relative paths end in their file extension.
 */
function boundaries() {
  const below = (...layers) => ({
    regex: `(^|/)(${layers.join('|')})/`,
    message: `This layer does not import from ${layers.join(', ')}: the graph points one way (see README, the house).`,
  });
  const adapters = {
    regex: '(^|/)(local|netlify)/',
    message: 'src/ does not depend on the local stack or the platform adapters.',
  };
  const serverFiles = {
    regex: '\\.server(\\.tsx?)?$',
    allowTypeImports: true,
    message: 'Browser code does not import server-only modules (*.server.ts); a type import is fine.',
  };
  const wireFormats = {
    regex:
      '(^|/)(content(/(index|wire|queries|errors|api|fetch-policy|client[^/]*|service[^/]*|from-env[^/]*|map/[^/]+))?|store/(wire|documents|client|api|map|errors|from-env))(\\.tsx?)?$',
    message:
      'Wire formats and the CMS and store clients stay in src/content and src/store (types come from */types.ts).',
  };
  const domainTypes = {
    regex: '(^|/)(content|store)/types(\\.ts)?$',
    allowTypeImports: true,
    message: 'Widgets take domain types as types only.',
  };
  const packages = (...names) => ({ group: names, message: `${names.join(', ')} stays out of this layer.` });
  const layer = (files, patterns, ignores = []) => ({
    files,
    ignores,
    rules: { 'no-restricted-imports': ['error', { patterns }] },
  });
  const browserFiles = ['**/*.server.ts', '**/*.server.tsx'];
  return [
    layer(
      ['src/**'],
      [adapters],
      [
        'src/local/**',
        ...['shared', 'widgets', 'services', 'blocks', 'app', 'client'].map((d) => `src/${d}/**`),
      ],
    ),
    // Contracts every side shares: nothing but other contracts.
    layer(
      ['src/shared/**'],
      [{ regex: '^(?!\\./)', message: 'src/shared imports nothing (other than src/shared).' }],
    ),
    layer(
      ['src/widgets/**'],
      [
        below(
          'app',
          'blocks',
          'services',
          'client',
          'server',
          'functions',
          'config',
          'http',
          'local',
          'netlify',
        ),
        domainTypes,
        {
          regex: '(^|/)(content|store)/(?!types(\\.ts)?$)',
          message: 'Widgets know content and store only by their domain types.',
        },
        serverFiles,
        packages('zod', 'storyblok-js-client', '@shopify/*', '@netlify/*'),
      ],
    ),
    layer(
      ['src/services/**'],
      [
        below(
          'app',
          'blocks',
          'client',
          'server',
          'functions',
          'config',
          'http',
          'content',
          'local',
          'netlify',
        ),
        wireFormats,
        serverFiles,
        packages('zod', 'storyblok-js-client', '@netlify/*'),
      ],
    ),
    layer(
      ['src/blocks/**'],
      [
        below('app', 'client', 'server', 'functions', 'config', 'http', 'local', 'netlify'),
        wireFormats,
        serverFiles,
        packages('zod', 'storyblok-js-client', '@netlify/*'),
      ],
      browserFiles,
    ),
    // Server-side block modules (validation, product resolution) may use zod and server helpers.
    layer(
      ['src/blocks/**/*.server.ts', 'src/blocks/**/*.server.tsx'],
      [below('app', 'client', 'server', 'functions', 'local', 'netlify'), wireFormats],
    ),
    layer(
      ['src/app/**'],
      [
        below('client', 'server', 'functions', 'config', 'http', 'local', 'netlify'),
        wireFormats,
        serverFiles,
        packages('zod', 'storyblok-js-client', '@netlify/*'),
      ],
      browserFiles,
    ),
    // Route loaders (src/app/routes/<id>/loader.server.ts and their kit) run on the server only:
    // zod and server-side block helpers are fine; the content API arrives in their LoadContext.
    layer(
      ['src/app/**/*.server.ts', 'src/app/**/*.server.tsx'],
      [
        below('client', 'server', 'functions', 'config', 'http', 'local', 'netlify'),
        { ...wireFormats, regex: wireFormats.regex.replace('api|', '') },
        {
          regex: '(^|/)content/api(\\.ts)?$',
          allowTypeImports: true,
          message: 'Loaders take the content API from their LoadContext: import its type only.',
        },
        packages('storyblok-js-client', '@netlify/*'),
      ],
    ),
    layer(
      ['src/client/**'],
      [
        below('server', 'functions', 'config', 'http', 'local', 'netlify'),
        wireFormats,
        serverFiles,
        packages('zod', 'storyblok-js-client', '@netlify/*'),
      ],
    ),
  ];
}
