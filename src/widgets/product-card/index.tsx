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
import type { Image } from '../../shared/types.ts';
import type { Product, ProductVariant } from '../../store/types.ts';
import { Button } from '../button/index.tsx';
import { ResponsiveImage } from '../image/index.tsx';
import { formatMoney, isMoreThan, moneyValue } from '../money.ts';
import { Rating } from '../rating/index.tsx';
import { SizeSelector, type SizeOption } from '../size-selector/index.tsx';
import { SCREENS } from '../tokens.ts';
import { useAddToCart, type AddToCart } from './use-add-to-cart.ts';

export { ADD_FAILED_MESSAGE, ADDED_MESSAGE, useAddToCart } from './use-add-to-cart.ts';
export type { AddToCart, AddToCartResult, AddToCartStatus } from './use-add-to-cart.ts';

/** The storefront messages of §1, shown under the button. */
export const FINANCING_MESSAGE = 'Pay over time with interest-free financing';
export const GIFT_MESSAGE = 'Free gift wrapping on every order';
export const REFUND_MESSAGE = 'Easy 30-day refunds';
export const STOREFRONT_MESSAGES = [FINANCING_MESSAGE, GIFT_MESSAGE, REFUND_MESSAGE] as const;

export const UNAVAILABLE_MESSAGE = 'This product is unavailable right now. Please check back soon.';
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

/** Shopify's title for the only variant of a product without options. */
const DEFAULT_TITLE = 'Default Title';

/** A variant's visible label: its title ("M", "M / Red"), else its option values, else its position. */
export function variantLabel(variant: ProductVariant, index: number): string {
  const title = variant.title.trim();
  if (title && title !== DEFAULT_TITLE) return title;
  const values = variant.selectedOptions.map((option) => option.value.trim()).filter(Boolean);
  return values.length > 0 ? values.join(' / ') : `Option ${index + 1}`;
}

/** The option names every variant shares ("Size", "Size / Color"); null when they differ. */
function sharedOptionNames(variants: ProductVariant[]): string[] | null {
  const names = variants[0]?.selectedOptions.map((option) => option.name.trim()) ?? [];
  if (names.length === 0 || names.some((name) => name === '' || name === 'Title')) return null;
  const same = variants.every(
    (variant) =>
      variant.selectedOptions.length === names.length &&
      variant.selectedOptions.every((option, i) => option.name.trim() === names[i]),
  );
  return same ? names : null;
}

/** The selector options: every variant, sold-out ones marked "(sold out)". */
export function variantOptions(variants: ProductVariant[]): SizeOption[] {
  return variants.map((variant, index) => {
    const label = variantLabel(variant, index);
    const option: SizeOption = {
      id: variant.id,
      name: variant.availableForSale ? label : `${label} (sold out)`,
      // The selector builds element ids from it: a gid's ":" and "/" are kept out of them.
      uid: variant.id.replace(/[^\w-]/g, '-'),
    };
    if (variant.sku) option.key = variant.sku;
    if (!variant.availableForSale) option.sizeDescription = `${label} is sold out. Please choose another.`;
    return option;
  });
}

/** The variant whose price shows while none is chosen: the cheapest available one (else the cheapest). */
function cheapest(variants: ProductVariant[]): ProductVariant | null {
  const pool = variants.some((v) => v.availableForSale)
    ? variants.filter((v) => v.availableForSale)
    : variants;
  let best: ProductVariant | null = null;
  for (const variant of pool) {
    if (best === null || moneyValue(variant.price) < moneyValue(best.price)) best = variant;
  }
  return best;
}

function productImage(product: Product): Image | null {
  return product.featuredImage ?? product.images[0] ?? null;
}

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

  if (product === null) {
    return (
      <div className={join('ui-product-card', 'ui-product-card--unavailable', className)} role="status">
        <p className="ui-product-card__unavailable">{UNAVAILABLE_MESSAGE}</p>
      </div>
    );
  }

  const titleId = `${baseId}-title`;
  const hintId = `${baseId}-hint`;
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const { variants } = product;
  const image = productImage(product);
  const soldOut = !product.availableForSale || !variants.some((variant) => variant.availableForSale);
  const several = variants.length > 1;
  // One variant: it is the choice. Several: only what the visitor picked (and still exists).
  const selected = several
    ? (variants.find((variant) => variant.id === chosenId) ?? null)
    : (variants[0] ?? null);
  const shown = selected ?? cheapest(variants);
  // Nothing chosen yet and the sizes cost different amounts: "From" the cheapest.
  const fromPrice =
    selected === null &&
    shown !== null &&
    variants.some((variant) => moneyValue(variant.price) !== moneyValue(shown.price));
  const compareAt =
    shown?.compareAtPrice && isMoreThan(shown.compareAtPrice, shown.price) ? shown.compareAtPrice : null;
  const optionNames = sharedOptionNames(variants);
  const legend = optionNames ? optionNames.join(' / ') : 'Size';
  const chooseHint =
    optionNames?.length === 1
      ? `Choose your ${legend.toLowerCase()} to add it to your cart.`
      : 'Choose an option to add it to your cart.';
  const selectedSoldOut = selected !== null && !selected.availableForSale;
  const needsChoice = several && selected === null;

  function addToCart() {
    if (selected?.availableForSale) void add(selected.id);
  }

  let action = null;
  if (soldOut || selectedSoldOut) {
    action = (
      <Button className="ui-product-card__button" block disabled>
        {SOLD_OUT_LABEL}
      </Button>
    );
  } else if (onAddToCart) {
    action = (
      <Button
        className="ui-product-card__button"
        block
        disabled={needsChoice}
        loading={pending}
        aria-describedby={needsChoice ? hintId : undefined}
        onClick={addToCart}
      >
        {ADD_TO_CART_LABEL}
      </Button>
    );
  }

  return (
    <article
      className={join('ui-product-card', soldOut && 'ui-product-card--sold-out', className)}
      aria-labelledby={titleId}
    >
      <div className="ui-product-card__media">
        {image ? (
          <ResponsiveImage
            image={image}
            sizes={imageSizes}
            // The title sits right next to the image: an alt that only repeats it is noise.
            alt={image.alt.trim() === product.title.trim() ? '' : image.alt}
            className="ui-product-card__image"
          />
        ) : null}
      </div>
      <div className="ui-product-card__body">
        <Heading id={titleId} className="ui-product-card__title">
          {product.title}
        </Heading>
        {rating !== undefined ? <Rating filled={rating} className="ui-product-card__rating" /> : null}
        {product.metafields.shortDescription ? (
          <p className="ui-product-card__description">{product.metafields.shortDescription}</p>
        ) : null}
        {shown ? (
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
        ) : null}
        {several && !soldOut ? (
          <SizeSelector
            className="ui-product-card__sizes"
            legend={legend}
            options={variantOptions(variants)}
            value={selected?.id ?? null}
            onChange={(option) => choose(option.id)}
          />
        ) : null}
        {action ? (
          <div className="ui-product-card__actions">
            {action}
            {needsChoice && onAddToCart ? (
              <p id={hintId} className="ui-product-card__hint">
                {chooseHint}
              </p>
            ) : null}
            {onAddToCart && !soldOut ? (
              <p
                role="status"
                className={join(
                  'ui-product-card__status',
                  status && `ui-product-card__status--${status.kind}`,
                )}
              >
                {status?.text}
              </p>
            ) : null}
          </div>
        ) : null}
        <ul className="ui-product-card__messages">
          {STOREFRONT_MESSAGES.map((message) => (
            <li key={message}>{message}</li>
          ))}
        </ul>
      </div>
    </article>
  );
}
