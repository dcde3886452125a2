/**
 * What the webhook reads from Storyblok's CDN API, with the public token: the space version after
 * the change (`cdn/spaces/me`, never cached by the client) and the published story by id at that
 * version, with the relations its page path needs resolved.
 */
import { z } from 'zod';
import type { StoryblokClientInstance } from '../../content/client.server.ts';
import { ContentNotFoundError, ContentUpstreamError, toContentError } from '../../content/errors.ts';
import { PAGE_PATH_RELATIONS } from '../../content/page-path.ts';
import { storyBaseSchema, type WireStory } from '../../content/wire.ts';

export type ContentSource = {
  /** The space version (`cv`) now. */
  spaceVersion(): Promise<number>;
  /** The published story with this id at version `cv`, or null when it is not published. */
  publishedStory(id: number, cv: number): Promise<WireStory | null>;
};

const spaceResponse = z.object({
  data: z.object({ space: z.object({ version: z.number().int().nonnegative() }) }),
});
const storyResponse = z.object({
  data: z.object({
    story: storyBaseSchema.extend({ content: z.record(z.string(), z.unknown()) }).passthrough(),
  }),
});

export function storyblokSource(client: Pick<StoryblokClientInstance, 'get' | 'getStory'>): ContentSource {
  return {
    async spaceVersion() {
      let response: unknown;
      try {
        response = await client.get('cdn/spaces/me', {});
      } catch (error) {
        throw toContentError(error);
      }
      const parsed = spaceResponse.safeParse(response);
      if (!parsed.success) throw new ContentUpstreamError('cdn/spaces/me sent no space version', 200);
      return parsed.data.data.space.version;
    },
    async publishedStory(id, cv) {
      let response: unknown;
      try {
        response = await client.getStory(String(id), {
          version: 'published',
          resolve_relations: PAGE_PATH_RELATIONS,
          cv,
        });
      } catch (error) {
        const failure = toContentError(error);
        if (failure instanceof ContentNotFoundError) return null;
        throw failure;
      }
      const parsed = storyResponse.safeParse(response);
      if (!parsed.success) throw new ContentUpstreamError(`story ${id} came back malformed`, 200);
      return parsed.data.data.story as WireStory;
    },
  };
}
