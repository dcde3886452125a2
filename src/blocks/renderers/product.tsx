/**
 * The product block: a store product an editor placed in an article or page. The server fetched
 * the product at render time (`item`; null while the store is unavailable). Its props were parsed
 * with the schema in ../schemas/display.server.ts, imported here as a type only.
 */
import { addToCart } from '../../services/cart-client.ts';
import type { Product } from '../../store/types.ts';
import { defineRenderer, type BlockRenderer } from '../types.ts';
import { ProductCard } from '../../widgets/product-card/index.tsx';
import type { DisplayProps } from '../schemas/display.server.ts';

type ProductBlockProps = DisplayProps['product'] & { item?: Product | null };

export const renderers: Record<string, BlockRenderer> = {
  product: defineRenderer<ProductBlockProps>((props) => (
    <ProductCard
      product={props.item ?? null}
      {...(props.rating ? { rating: props.rating } : {})}
      onAddToCart={async (variantId, quantity) => {
        const result = await addToCart(variantId, quantity);
        return result.ok ? { ok: true } : result;
      }}
    />
  )),
};
