/**
 * The import boundaries are enforced by ESLint (eslint.config.js): each case is a deliberate import
 * from a file in one layer, linted as that file, with whether the rules must refuse it.
 */
import { ESLint } from 'eslint';
import { beforeAll, expect, test } from 'vitest';

let eslint: ESLint;
beforeAll(() => {
  // The files linted here do not exist, so the type-aware rules (which need the TypeScript
  // project) are off for this run; the import rules are the project's own.
  const typed = [
    'no-unsafe-assignment',
    'no-unsafe-member-access',
    'no-unsafe-call',
    'no-unsafe-return',
    'no-unsafe-argument',
    'only-throw-error',
  ];
  eslint = new ESLint({
    cwd: process.cwd(),
    overrideConfig: {
      languageOptions: { parserOptions: { projectService: false } },
      rules: Object.fromEntries(typed.map((rule) => [`@typescript-eslint/${rule}`, 'off'])),
    },
  });
});

async function refusals(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(`${code}\nexport {};\n`, { filePath });
  const messages = result?.messages ?? [];
  // A file the linter could not read would refuse nothing and pass the "allowed" cases silently.
  expect(messages.filter((m) => m.fatal)).toEqual([]);
  return messages.filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message);
}

test.each([
  ['src/widgets/card/x.tsx', "import { useSite } from '../../app/site.ts';", 'a widget importing the app'],
  [
    'src/widgets/card/x.tsx',
    "import { Blocks } from '../../blocks/registry.tsx';",
    'a widget importing blocks',
  ],
  [
    'src/widgets/card/x.tsx',
    "import { toProduct } from '../../store/map.ts';",
    'a widget importing a store mapper',
  ],
  [
    'src/widgets/card/x.tsx',
    "import { SOCIAL_NAMES } from '../../content/types.ts';",
    'a widget taking a content value',
  ],
  [
    'src/app/routes/x/page.tsx',
    "import type { WireStory } from '../../../content/wire.ts';",
    'a page importing a wire format',
  ],
  [
    'src/app/routes/x/page.tsx',
    "import { createStoreApi } from '../../../store/api.ts';",
    'a page importing the store client',
  ],
  [
    'src/app/routes/x/page.tsx',
    "import { loader } from './loader.server.ts';",
    'a page importing its loader',
  ],
  [
    'src/app/routes/x/loader.server.ts',
    "import { createStoryblokClient } from '../../../content/client.server.ts';",
    'a loader building its own CMS client',
  ],
  [
    'src/app/routes/x/loader.server.ts',
    "import { createContentApi } from '../../../content/api.ts';",
    'a loader importing the content API as a value',
  ],
  [
    'src/client/x.ts',
    "import { createRenderHandler } from '../server/handler.server.ts';",
    'the browser importing x.server.ts',
  ],
  [
    'src/blocks/x.tsx',
    "import { validateBlock } from './validate.server.ts';",
    'a browser block module importing x.server.ts',
  ],
  ['src/app/x.tsx', "import { parseConfig } from '../config/env.ts';", 'the app reading configuration'],
  ['src/services/x.ts', "import { Blocks } from '../blocks/registry.tsx';", 'a service importing blocks'],
  [
    'src/shared/x.ts',
    "import type { Block } from '../content/types.ts';",
    'a shared contract importing content',
  ],
  ['src/shared/x.ts', "import { z } from 'zod';", 'a shared contract importing a package'],
  [
    'src/server/x.ts',
    "import { startLocalServer } from '../local/server.ts';",
    'the server importing the local stack',
  ],
])('%s: %s is refused (%s)', async (file, code) => {
  expect(await refusals(file, code)).not.toEqual([]);
});

test.each([
  ['src/widgets/card/x.tsx', "import type { Product } from '../../store/types.ts';"],
  ['src/widgets/card/x.tsx', "import { ResponsiveImage } from '../image/index.tsx';"],
  ['src/blocks/renderers/x.tsx', "import type { DisplayProps } from '../schemas/display.server.ts';"],
  ['src/blocks/x.server.ts', "import { z } from 'zod';"],
  ['src/app/routes/x/page.tsx', "import { Blocks } from '../../../blocks/registry.tsx';"],
  ['src/app/routes/x/loader.server.ts', "import { z } from 'zod';"],
  ['src/app/routes/x/loader.server.ts', "import type { ContentApi } from '../../../content/api.ts';"],
  [
    'src/app/routes/x/loader.server.ts',
    "import { validateRichText } from '../../../blocks/validate.server.ts';",
  ],
  ['src/server/x.ts', "import { validateBlock } from '../blocks/validate.server.ts';"],
])('%s: %s is allowed', async (file, code) => {
  expect(await refusals(file, code)).toEqual([]);
});
