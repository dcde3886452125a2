/** An editorial page (/p/{slug}): about, privacy, terms… the story's blocks under its title. */
import { Breadcrumb } from '../../components/breadcrumb.tsx';
import { PageBlocks, pageBlocks } from '../../components/page-blocks.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { Seo } from '../../components/seo.tsx';
import { useRouteData } from '../../site.ts';

/** Editorial page: its title (the page's one h1) and description in the header band, then its blocks. */
export function Component() {
  const { page } = useRouteData('page');
  return (
    <>
      <Seo title={page.meta.title ?? page.title} description={page.meta.description} />
      <PageHeader
        before={<Breadcrumb className="breadcrumb--on-dark" items={[{ label: 'Home', to: '/' }]} />}
        title={page.title}
        description={page.meta.description}
      />
      <div className="section container editorial-page">
        <PageBlocks blocks={pageBlocks(page)} className="editorial-page__body" />
      </div>
    </>
  );
}
