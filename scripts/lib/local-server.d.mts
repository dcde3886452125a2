// Types of local-server.mjs for the TypeScript modules that import it (the scripts are plain ESM).

/**
 * The built edge bundle under Deno behind `Deno.serve`, with the local server at `standIns` (its
 * origin) standing in for Storyblok and Shopify.
 */
export function startDenoEdge(
  standIns: string,
  bundle?: string,
): Promise<{ url: string; pid: number; stop: () => Promise<void> }>;
