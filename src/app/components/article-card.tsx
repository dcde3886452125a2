/** An article as a card in grids and lists (the widget Card, plain look). */
import type { ArticleCard as ArticleCardData } from '../../content/types.ts';
import { CARD_IMAGE_SIZES, Card } from '../../widgets/card/index.tsx';
import { formatDate } from '../format.ts';

type HeadingLevel = 'h2' | 'h3';

/**
 * A grid card is at most 400px wide on a desktop (800 at 2×) and the screen's width on a phone
 * (up to 639px: 1200 is sharp at 1.9×): three candidates are enough, 1600 is never picked.
 */
const ARTICLE_CARD_WIDTHS = [480, 800, 1200] as const;

export type ArticleCardProps = {
  article: ArticleCardData;
  headingLevel?: HeadingLevel;
  /** Hide the category label on pages that are already about one category. */
  showCategory?: boolean;
  /** The card opens the page (the first of a listing): its cover is the largest paint, loaded first. */
  priority?: boolean;
};

/**
 * A story card: the widget card's plain look. The title link stretches over the whole card so the
 * card is one click target while screen readers hear one link, named by the title. The cover is
 * decorative (alt ""): the title beside it names the story.
 */
export function ArticleCard({
  article,
  headingLevel = 'h3',
  showCategory = true,
  priority,
}: ArticleCardProps) {
  const { date } = article;
  const formatted = formatDate(date);
  return (
    <Card
      look="plain"
      title={article.title}
      link={article.path}
      headingLevel={headingLevel === 'h2' ? 2 : 3}
      image={article.coverImage}
      imagePreset={null}
      imageAlt=""
      imagePriority={priority}
      imageSizes={CARD_IMAGE_SIZES}
      imageWidths={ARTICLE_CARD_WIDTHS}
      placeholder={article.category.name}
      eyebrow={showCategory ? article.category.name : undefined}
      text={article.description || undefined}
      meta={
        <>
          {article.author ? <span>{`By ${article.author.name}`}</span> : null}
          {date && formatted ? <time dateTime={date}>{formatted}</time> : null}
        </>
      }
    />
  );
}
