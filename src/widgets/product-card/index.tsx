/**
 * Product card (storefront widget): image, title, short description, price (with the compare-at
 * price struck through when higher), optional five-star rating, a size selector for products with
 * several variants, an "Add to cart" button and the three storefront messages of §1 (financing,
 * gift, thirty-day refunds).
 *
 * No data fetching: the product comes in as a prop and adding to the cart is the caller's
 * `onAddToCart`; the choice, pending and outcome state live in `useAddToCart`, so this component only
 * draws. Render is a pure function of the props and state (ids from `useId`), so the server and
 * client HTML match. The button keeps focus while busy (Button's `loading` is aria-disabled,
 * not disabled) and the outcome is announced in a polite `role="status"` region.
 */
import { useId } from 'react';
import type { Product } from '../../store/types.ts';
import { Button } from '../button/index.tsx';
import { ResponsiveImage } from '../image/index.tsx';
import { formatMoney } from '../money.ts';
import { Rating } from '../rating/index.tsx';
import { SizeSelector } from '../size-selector/index.tsx';
import { SCREENS } from '../tokens.ts';
import { useAddToCart, type AddToCart, type AddToCartStatus } from './use-add-to-cart.ts';
import { cardChoice, productImage, variantOptions, type CardChoice } from './variants.ts';

export { ADD_FAILED_MESSAGE, ADDED_MESSAGE, useAddToCart } from './use-add-to-cart.ts';
export type { AddToCart, AddToCartResult, AddToCartStatus } from './use-add-to-cart.ts';
export { variantLabel, variantOptions } from './variants.ts';

/** The storefront messages of §1, shown under the button. */
export const FINANCING_MESSAGE = 'Pay over time with interest-free financing';
export const GIFT_MESSAGE = 'Free gift wrapping on every order';
export const REFUND_MESSAGE = 'Easy 30-day refunds';
export const STOREFRONT_MESSAGES = [FINANCING_MESSAGE, GIFT_MESSAGE, REFUND_MESSAGE] as const;

export const UNAVAILABLE_MESSAGE = 'This product is unavailable right now. Please check back soon.';
export const LOADING_LABEL = 'Loading product';
export const ADD_TO_CART_LABEL = 'Add to cart';
export const SOLD_OUT_LABEL = 'Sold out';

/** How wide the card image shows: a one-, two- or four-column product grid. */
export const PRODUCT_CARD_IMAGE_SIZES = `(min-width: ${SCREENS.lg}px) 25vw, (min-width: ${SCREENS.sm}px) 50vw, 100vw`;

export type ProductCardProps = {
  /** The product; `null` when the store could not provide it right now. */
  product: Product | null;
  /** Filled stars, 1 to 5 (shown with the Rating widget; an invalid count shows nothing). */
  rating?: number;
  /** Adds the variant to the cart. Without it the card is display-only (no button unless sold out). */
  onAddToCart?: AddToCart;
  /** The title's heading level (default 3: cards usually sit under a section's h2). */
  headingLevel?: 2 | 3;
  /** The image's `sizes` attribute (default PRODUCT_CARD_IMAGE_SIZES). */
  imageSizes?: string;
  className?: string;
};

function join(...names: (string | false | null | undefined)[]): string {
  return names.filter(Boolean).join(' ');
}

export function ProductCard({
  product,
  rating,
  onAddToCart,
  headingLevel = 3,
  imageSizes = PRODUCT_CARD_IMAGE_SIZES,
  className,
}: ProductCardProps) {
  const baseId = useId();
  const { chosenId, choose, pending, status, add } = useAddToCart(onAddToCart);

  if (product === null) return <UnavailableCard className={className} />;

  const titleId = `${baseId}-title`;
  const hintId = `${baseId}-hint`;
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const { variants } = product;
  const choice = cardChoice(variants, product.availableForSale, chosenId);
  const { soldOut, selected } = choice;

  return (
    <article
      className={join('ui-product-card', soldOut && 'ui-product-card--sold-out', className)}
      aria-labelledby={titleId}
      // Which product this is, for analytics' Product Viewed and Product Clicked.
      data-product={product.handle}
    >
      <ProductMedia product={product} sizes={imageSizes} />
      <div className="ui-product-card__body">
        <Heading id={titleId} className="ui-product-card__title">
          {product.title}
        </Heading>
        {rating !== undefined ? <Rating filled={rating} className="ui-product-card__rating" /> : null}
        {product.metafields.shortDescription ? (
          <p className="ui-product-card__description">{product.metafields.shortDescription}</p>
        ) : null}
        <ProductPrices choice={choice} />
        {choice.several && !soldOut ? (
          <SizeSelector
            className="ui-product-card__sizes"
            legend={choice.legend}
            options={variantOptions(variants)}
            value={selected?.id ?? null}
            onChange={(option) => choose(option.id)}
          />
        ) : null}
        <ProductActions
          choice={choice}
          hintId={hintId}
          canAdd={Boolean(onAddToCart)}
          pending={pending}
          status={status}
          onAdd={() => {
            if (selected?.availableForSale) void add(selected.id);
          }}
        />
        <ul className="ui-product-card__messages">
          {STOREFRONT_MESSAGES.map((message) => (
            <li key={message}>{message}</li>
          ))}
        </ul>
      </div>
    </article>
  );
}

/** The card for a product the store could not provide: one polite status line. */
function UnavailableCard({ className }: { className: string | undefined }) {
  return (
    <div className={join('ui-product-card', 'ui-product-card--unavailable', className)} role="status">
      <p className="ui-product-card__unavailable">{UNAVAILABLE_MESSAGE}</p>
    </div>
  );
}

/**
 * The card's place while its product is on its way (a streamed render): the card's own box, image
 * frame and body height, so nothing moves when the card arrives, marked busy for assistive technology.
 */
export function ProductCardPlaceholder({ className }: { className?: string }) {
  return (
    <div className={join('ui-product-card', 'ui-product-card--placeholder', className)} aria-busy="true">
      <div className="ui-product-card__media" />
      <div className="ui-product-card__body">
        <p className="visually-hidden">{LOADING_LABEL}</p>
      </div>
    </div>
  );
}

function ProductMedia({ product, sizes }: { product: Product; sizes: string }) {
  const image = productImage(product);
  return (
    <div className="ui-product-card__media">
      {image ? (
        <ResponsiveImage
          image={image}
          sizes={sizes}
          // The title sits right next to the image: an alt that only repeats it is noise.
          alt={image.alt.trim() === product.title.trim() ? '' : image.alt}
          className="ui-product-card__image"
        />
      ) : null}
    </div>
  );
}

/** The shown variant's price ("From" while the choice is open) and its struck compare-at price. */
function ProductPrices({ choice: { shown, fromPrice, compareAt } }: { choice: CardChoice }) {
  if (!shown) return null;
  return (
    <p className="ui-product-card__prices">
      <span className="ui-product-card__price">
        {fromPrice ? `From ${formatMoney(shown.price)}` : formatMoney(shown.price)}
      </span>
      {compareAt ? (
        <s className="ui-product-card__compare-at">
          <span className="visually-hidden">Was </span>
          {formatMoney(compareAt)}
        </s>
      ) : null}
    </p>
  );
}

type ProductActionsProps = {
  choice: CardChoice;
  hintId: string;
  /** The caller gave an `onAddToCart` (without it only "Sold out" shows). */
  canAdd: boolean;
  pending: boolean;
  status: AddToCartStatus;
  onAdd: () => void;
};

/** The button ("Sold out" or "Add to cart"), the choose-first hint and the outcome's status region. */
function ProductActions({ choice, hintId, canAdd, pending, status, onAdd }: ProductActionsProps) {
  const { soldOut, selectedSoldOut, needsChoice } = choice;
  if (!soldOut && !selectedSoldOut && !canAdd) return null;
  return (
    <div className="ui-product-card__actions">
      {soldOut || selectedSoldOut ? (
        <Button className="ui-product-card__button" block disabled>
          {SOLD_OUT_LABEL}
        </Button>
      ) : (
        <Button
          className="ui-product-card__button"
          block
          disabled={needsChoice}
          loading={pending}
          aria-describedby={needsChoice ? hintId : undefined}
          onClick={onAdd}
        >
          {ADD_TO_CART_LABEL}
        </Button>
      )}
      {needsChoice && canAdd ? (
        <p id={hintId} className="ui-product-card__hint">
          {choice.chooseHint}
        </p>
      ) : null}
      {canAdd && !soldOut ? (
        <p
          role="status"
          className={join('ui-product-card__status', status && `ui-product-card__status--${status.kind}`)}
        >
          {status?.text}
        </p>
      ) : null}
    </div>
  );
}
