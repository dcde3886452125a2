import { useLoaderData } from 'react-router';

/** Placeholder page (topic): the UI work replaces it. */
export function Component() {
  const data = useLoaderData();
  return (
    <section>
      <h1>topic</h1>
      <pre>{JSON.stringify(data, null, 1).slice(0, 2000)}</pre>
    </section>
  );
}
