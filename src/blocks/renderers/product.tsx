/**
 * The product block: a store product an editor placed in an article or page. Its props were parsed
 * with the schema in ../schemas/display.server.ts, imported here as a type only.
 *
 * A client navigation's payload carries the product (`item`; null while the store is unavailable).
 * A server-rendered page does not wait for the store: the block renders in a Suspense boundary, a
 * card-sized placeholder first, and React streams the card when the lookup settles, with the answer
 * in a data block the browser hydrates from (../deferred-products.ts).
 */
import { Suspense, use, useContext, useId, useState } from 'react';
import { addToCart } from '../../services/cart-client.ts';
import type { Product } from '../../store/types.ts';
import { defineRenderer, type BlockRenderer } from '../types.ts';
import { ProductCard, ProductCardPlaceholder } from '../../widgets/product-card/index.tsx';
import type { DisplayProps } from '../schemas/display.server.ts';
import { BlockNotice } from '../block-notice.tsx';
import {
  dataBlockId,
  ProductStreamContext,
  readStreamedProduct,
  structuredDataId,
  type ProductFound,
  type StreamedAnswer,
} from '../deferred-products.ts';

type ProductBlockProps = DisplayProps['product'] & { item?: Product | null };

const onAddToCart = async (variantId: string, quantity: number) => {
  const result = await addToCart(variantId, quantity);
  return result.ok ? ({ ok: true } as const) : result;
};

function Card({ product, rating }: { product: Product | null; rating: number | undefined }) {
  return <ProductCard product={product} {...(rating ? { rating } : {})} onAddToCart={onAddToCart} />;
}

type DeferredProps = { handle: string; rating: number | undefined; draft: boolean; uid: string };

/**
 * The streamed card: on the server, the lookup's answer (suspending until it settles) written into
 * a data block; in the browser, the data block's answer, read once when the boundary hydrates.
 */
function DeferredProduct(props: DeferredProps) {
  const stream = useContext(ProductStreamContext);
  const id = useId();
  // In the browser the answer is read once, when the boundary hydrates, and kept for re-renders.
  const [read] = useState(() => (stream ? null : readStreamedProduct(id)));
  let answer: StreamedAnswer;
  if (stream) {
    const found = use(stream.found(props.handle));
    const structuredData = found.state === 'found' ? stream.structuredData(found.product) : null;
    answer = { found, text: stream.serialize(found), structuredData };
  } else {
    answer = read ?? readStreamedProduct(id);
  }
  return (
    <>
      <script
        type="application/json"
        id={dataBlockId(id)}
        dangerouslySetInnerHTML={{ __html: answer.text }}
      />
      {answer.structuredData !== null ? (
        <script
          type="application/ld+json"
          id={structuredDataId(id)}
          dangerouslySetInnerHTML={{ __html: answer.structuredData }}
        />
      ) : null}
      <Answer found={answer.found} {...props} />
    </>
  );
}

function Answer({ found, rating, draft, uid }: { found: ProductFound } & DeferredProps) {
  if (found.state === 'found') return <Card product={found.product} rating={rating} />;
  if (found.state === 'unavailable') return <Card product={null} rating={rating} />;
  // The store knows no such handle: an editor's mistake (logged by the server).
  return draft ? <BlockNotice component="product" uid={uid} reason="no product with this handle" /> : null;
}

export const renderers: Record<string, BlockRenderer> = {
  product: defineRenderer<ProductBlockProps>((props, ctx, uid) =>
    'item' in props ? (
      <Card product={props.item ?? null} rating={props.rating ?? undefined} />
    ) : (
      <Suspense fallback={<ProductCardPlaceholder />}>
        <DeferredProduct
          handle={props.handle}
          rating={props.rating ?? undefined}
          draft={ctx.draft}
          uid={uid}
        />
      </Suspense>
    ),
  ),
};
