/**
 * Five-star rating (§5: valid only when the filled count is an integer from 1 to 5). An invalid
 * count renders nothing and logs one warning per mounted value (in an effect, so render stays pure
 * and the server and client HTML match).
 */
import { useEffect } from 'react';

export const RATING_MAX = 5;

export function isValidRating(filled: number): boolean {
  return Number.isInteger(filled) && filled >= 1 && filled <= RATING_MAX;
}

export type RatingProps = {
  /** Filled stars, 1 to 5. */
  filled: number;
  /** Visible caption next to the stars, e.g. "Rated 4.8 by 2,000 members". */
  label?: string;
  size?: 'default' | 'big';
  className?: string;
};

function Star({ on }: { on: boolean }) {
  return (
    <svg
      viewBox="0 0 24 24"
      className={on ? 'ui-rating__star ui-rating__star--on' : 'ui-rating__star'}
      aria-hidden="true"
      focusable="false"
    >
      <path d="M12 2.6l2.9 6 6.6.8-4.9 4.6 1.3 6.5L12 17.3l-5.9 3.2 1.3-6.5-4.9-4.6 6.6-.8z" />
    </svg>
  );
}

export function Rating({ filled, label, size = 'default', className }: RatingProps) {
  const valid = isValidRating(filled);
  useEffect(() => {
    if (!valid) console.warn(`Rating: filled must be an integer from 1 to ${RATING_MAX}, got ${filled}`);
  }, [valid, filled]);
  if (!valid) return null;
  return (
    <div className={['ui-rating', `ui-rating--${size}`, className].filter(Boolean).join(' ')}>
      <span role="img" aria-label={`${filled} out of ${RATING_MAX} stars`} className="ui-rating__stars">
        {Array.from({ length: RATING_MAX }, (_, i) => (
          <Star key={i} on={i < filled} />
        ))}
      </span>
      {label ? <span className="ui-rating__label">{label}</span> : null}
    </div>
  );
}
