/** One factory for the stand-in's tests: a published wire story at a full slug. */
import type { WireStory } from '../../../src/content/wire';

let nextId = 1;

/** A published story at `fullSlug`; its content gets a fresh `_uid` plus whatever the test gives. */
export function wireStory(
  fullSlug: string,
  content: Record<string, unknown> = {},
  extra: Partial<WireStory> = {},
): WireStory {
  const id = nextId++;
  const name = fullSlug.split('/').pop() ?? fullSlug;
  return {
    id,
    uuid: `uuid-${id}`,
    name,
    slug: name,
    full_slug: fullSlug,
    tag_list: [],
    published_at: '2024-05-01T10:00:00.000Z',
    content: { _uid: `uid-${id}`, ...content },
    ...extra,
  };
}
