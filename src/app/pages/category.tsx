import { useLoaderData } from 'react-router';

/** Placeholder page (category): the UI work replaces it. */
export function Component() {
  const data = useLoaderData();
  return (
    <section>
      <h1>category</h1>
      <pre>{JSON.stringify(data, null, 1).slice(0, 2000)}</pre>
    </section>
  );
}
