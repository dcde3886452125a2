/** The product card's variant arithmetic: labels, selector options and what the card shows for a choice. */
import type { Image } from '../../shared/types.ts';
import type { Money, Product, ProductVariant } from '../../store/types.ts';
import { isMoreThan, moneyValue } from '../money.ts';
import type { SizeOption } from '../size-selector/index.tsx';

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

export function productImage(product: Product): Image | null {
  return product.featuredImage ?? product.images[0] ?? null;
}

/** What the card shows for the product and the visitor's pick (`chosenId`). */
export type CardChoice = {
  /** The product or every variant is unavailable. */
  soldOut: boolean;
  /** More than one variant: the visitor chooses. */
  several: boolean;
  /** The variant an add would add: the only one, else the visitor's pick (null until they pick). */
  selected: ProductVariant | null;
  /** The variant whose price shows: the selected one, else the cheapest. */
  shown: ProductVariant | null;
  /** Nothing chosen yet and the variants cost different amounts: the price reads "From …". */
  fromPrice: boolean;
  /** The shown variant's compare-at price when it is higher than its price. */
  compareAt: Money | null;
  /** The selector's legend ("Size", "Size / Color"). */
  legend: string;
  /** The hint under a button that waits for a choice. */
  chooseHint: string;
  /** The visitor picked a variant that is sold out. */
  selectedSoldOut: boolean;
  /** Several variants and none picked yet. */
  needsChoice: boolean;
};

export function cardChoice(
  variants: ProductVariant[],
  productAvailable: boolean,
  chosenId: string | null,
): CardChoice {
  const soldOut = !productAvailable || !variants.some((variant) => variant.availableForSale);
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
  return {
    soldOut,
    several,
    selected,
    shown,
    fromPrice,
    compareAt,
    legend,
    chooseHint,
    selectedSoldOut,
    needsChoice,
  };
}
