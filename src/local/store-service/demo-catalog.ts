/**
 * The demo catalog of the local store: Roundhouse's home boxing and kickboxing gear and its
 * membership. Images are demo assets served by the local image service (`/a/f/…`). Ids are stable:
 * products 1001…, variants <product id><nn>, collections 2001….
 */
import type { Catalog, CatalogImage, CatalogVariant } from './catalog.ts';

const image = (size: string, hash: string, file: string, altText: string): CatalogImage => {
  const [width, height] = size.split('x').map(Number);
  return { url: `/a/f/286000/${size}/${hash}/${file}`, altText, width: width ?? 0, height: height ?? 0 };
};

const IMAGES = {
  glovesBlock: image(
    '800x800',
    '1ea33496',
    'topic-gloves-and-wraps-block.jpg',
    'Red Roundhouse boxing gloves',
  ),
  gloveSizes: image('1600x900', 'b11c5ee0', 'boxing-glove-size-guide.jpg', 'Boxing gloves laid out by size'),
  gloveCare: image('1600x900', '92470db4', 'how-to-clean-boxing-gloves.jpg', 'Gloves drying after a session'),
  wraps: image('1600x900', '131bdfa8', 'how-to-wrap-your-hands.jpg', 'Hands being wrapped before training'),
  wrapsCover: image(
    '1600x900',
    '41c69ffe',
    'topic-gloves-and-wraps-cover.jpg',
    'Rolled hand wraps and gloves',
  ),
  bagBlock: image(
    '800x800',
    'abc4156d',
    'topic-heavy-bags-block.jpg',
    'Roundhouse heavy bag hanging in a garage gym',
  ),
  bagChoose: image(
    '1600x900',
    'b5eac327',
    'how-to-choose-a-heavy-bag.jpg',
    'Heavy bags of different weights',
  ),
  bagMount: image(
    '1600x900',
    'd2c958c3',
    'freestanding-vs-hanging-heavy-bag.jpg',
    'Ceiling mount and chain set',
  ),
  apparelBlock: image(
    '800x800',
    'a743da70',
    'topic-shoes-and-apparel-block.jpg',
    'Roundhouse training tee, folded',
  ),
  apparelCover: image(
    '1600x900',
    '7f54c9aa',
    'topic-shoes-and-apparel-cover.jpg',
    'Tee and shoes ready for training',
  ),
  shoes: image('1600x900', '06848f6c', 'best-shoes-for-home-boxing.jpg', 'Roundhouse Ringside boxing shoes'),
  membersBlock: image(
    '800x800',
    '99e55577',
    'category-for-members-block.jpg',
    'Roundhouse member training at home',
  ),
  membersCover: image(
    '1600x900',
    '2e14a285',
    'category-for-members-cover.jpg',
    'Live class on the Roundhouse app',
  ),
} satisfies Record<string, CatalogImage>;

type VariantSpec = Omit<CatalogVariant, 'selectedOptions' | 'requiresShipping' | 'title'> & {
  option: string;
};

const sized = (optionName: string, requiresShipping: boolean, specs: VariantSpec[]): CatalogVariant[] =>
  specs.map(({ option, ...rest }) => ({
    ...rest,
    title: option,
    requiresShipping,
    selectedOptions: [{ name: optionName, value: option }],
  }));

const short = (value: string) => ({ key: 'short_description', type: 'multi_line_text_field', value });

/** The catalog `npm start` sells. */
export const DEMO_CATALOG: Catalog = {
  shopName: 'Roundhouse',
  currencyCode: 'USD',
  products: [
    {
      id: 1001,
      handle: 'pro-boxing-gloves',
      title: 'Pro Boxing Gloves',
      description:
        'Layered foam, a wrist strap that stays put and a lining that dries fast. Built for bag work ' +
        'and pads at home.\n\nPick 10oz or 12oz for bag work, 14oz or 16oz for partner drills.',
      productType: 'Gloves',
      tags: ['boxing', 'equipment', 'gloves'],
      createdAt: '2025-01-10T09:00:00Z',
      images: [IMAGES.glovesBlock, IMAGES.gloveSizes, IMAGES.gloveCare],
      variants: sized('Size', true, [
        { id: 100101, option: '10oz', sku: 'RH-GLV-10', priceCents: 6900, stock: 25, uid: 'gloves-pro-10oz' },
        { id: 100102, option: '12oz', sku: 'RH-GLV-12', priceCents: 6900, stock: 40, uid: 'gloves-pro-12oz' },
        { id: 100103, option: '14oz', sku: 'RH-GLV-14', priceCents: 7900, stock: 3, uid: 'gloves-pro-14oz' },
        { id: 100104, option: '16oz', sku: 'RH-GLV-16', priceCents: 7900, stock: 0, uid: 'gloves-pro-16oz' },
      ]),
      metafields: [short('Layered-foam gloves for bag and pad work, 10oz to 16oz.')],
    },
    {
      id: 1002,
      handle: 'hand-wraps',
      title: 'Hand Wraps',
      description:
        'Semi-elastic cotton wraps with a thumb loop and hook-and-loop closure. Wrap before every ' +
        'session: your knuckles and wrists will thank you.',
      productType: 'Wraps',
      tags: ['boxing', 'equipment', 'wraps'],
      createdAt: '2025-01-10T09:05:00Z',
      images: [IMAGES.wraps, IMAGES.wrapsCover],
      variants: sized('Length', true, [
        { id: 100201, option: '120 in', sku: 'RH-WRP-120', priceCents: 1200, stock: 80, uid: 'wraps-120' },
        { id: 100202, option: '180 in', sku: 'RH-WRP-180', priceCents: 1500, stock: 120, uid: 'wraps-180' },
      ]),
      metafields: [short('Cotton hand wraps with thumb loop, 120 or 180 inches.')],
    },
    {
      id: 1003,
      handle: 'heavy-bag-bundle',
      title: 'Heavy Bag Bundle',
      description:
        'A filled heavy bag, ceiling mount, swivel chain and a pair of bag gloves: everything for a ' +
        'garage gym in one box. Freight shipping only, so it does not ship to Australia or New Zealand.',
      productType: 'Heavy Bags',
      tags: ['boxing', 'equipment', 'heavy-bag', 'bundle'],
      createdAt: '2025-02-01T09:00:00Z',
      images: [IMAGES.bagBlock, IMAGES.bagChoose, IMAGES.bagMount],
      variants: sized('Weight', true, [
        {
          id: 100301,
          option: '70 lb',
          sku: 'RH-BAG-70',
          priceCents: 29900,
          stock: 12,
          uid: 'bag-bundle-70',
          weightKg: 34,
        },
        {
          id: 100302,
          option: '100 lb',
          sku: 'RH-BAG-100',
          priceCents: 34900,
          stock: 8,
          uid: 'bag-bundle-100',
          weightKg: 48,
        },
      ]),
      metafields: [short('Heavy bag, mount, chain and bag gloves in one box.')],
      notShippableTo: ['AU', 'NZ'],
    },
    {
      id: 1004,
      handle: 'training-tee',
      title: 'Roundhouse Training Tee',
      description: 'A light, quick-drying tee with flat seams that stay out of the way of your wraps.',
      productType: 'Apparel',
      tags: ['apparel', 'tee'],
      createdAt: '2025-03-01T09:00:00Z',
      images: [IMAGES.apparelBlock, IMAGES.apparelCover],
      variants: sized(
        'Size',
        true,
        (['S', 'M', 'L', 'XL'] as const).map((size, i) => ({
          id: 100401 + i,
          option: size,
          sku: `RH-TEE-${size}`,
          priceCents: 2500,
          compareAtPriceCents: 3500,
          stock: 50,
          uid: `tee-${size.toLowerCase()}`,
        })),
      ),
      metafields: [short('Quick-drying training tee, S to XL.')],
    },
    {
      id: 1005,
      handle: 'ringside-boxing-shoes',
      title: 'Ringside Boxing Shoes',
      description:
        'Low-profile boxing shoes with a grippy gum sole for pivots and a padded collar for ankle ' +
        'support. Sized in US men’s sizes.',
      productType: 'Footwear',
      tags: ['footwear', 'shoes'],
      createdAt: '2025-03-15T09:00:00Z',
      images: [IMAGES.shoes, IMAGES.apparelBlock],
      variants: sized(
        'Size',
        true,
        ['7', '8', '9', '10', '11', '12'].map((size, i) => ({
          id: 100501 + i,
          option: `US ${size}`,
          sku: `RH-SHO-${size}`,
          priceCents: 9900,
          compareAtPriceCents: 12900,
          stock: 10,
          uid: `shoes-ringside-${size}`,
        })),
      ),
      metafields: [short('Low-profile boxing shoes with a gum sole, US 7 to 12.')],
    },
    {
      id: 1006,
      handle: 'roundhouse-membership',
      title: 'Roundhouse Membership',
      description:
        'Unlimited live and on-demand classes, round timers and progress tracking in the Roundhouse ' +
        'app. Try it free for 30 days, then pay monthly; cancel any time.',
      productType: 'Membership',
      tags: ['membership', 'digital'],
      createdAt: '2024-11-01T09:00:00Z',
      images: [IMAGES.membersBlock, IMAGES.membersCover],
      variants: sized('Plan', false, [
        {
          id: 100601,
          option: 'Monthly',
          sku: 'RH-MEM-MONTHLY',
          priceCents: 1999,
          stock: null,
          uid: 'membership-monthly',
        },
      ]),
      metafields: [
        { key: 'subscription_id', type: 'single_line_text_field', value: 'rh-monthly-2025' },
        { key: 'trial_days', type: 'number_integer', value: '30' },
        { key: 'coupon', type: 'single_line_text_field', value: 'ROUND10' },
        { key: 'membership_gid', type: 'single_line_text_field', value: 'gid://roundhouse/Membership/1' },
        { key: 'monthly_price', type: 'money', value: '{"amount":"19.99","currency_code":"USD"}' },
        { key: 'product_filter', type: 'single_line_text_field', value: 'tag:equipment' },
        short('Every class, every timer, every drill: free for 30 days.'),
      ],
    },
  ],
  collections: [
    {
      id: 2001,
      handle: 'equipment',
      title: 'Equipment',
      description: 'Gloves, wraps and bags for a home boxing setup.',
      image: IMAGES.bagChoose,
      productIds: [1001, 1002, 1003],
    },
    {
      id: 2002,
      handle: 'apparel',
      title: 'Apparel and Footwear',
      description: 'Training tees and boxing shoes.',
      image: IMAGES.apparelCover,
      productIds: [1004, 1005],
    },
  ],
  discounts: [
    { code: 'ROUND10', kind: 'percentage', value: 10 },
    { code: 'JAB5', kind: 'fixed', value: 500, minimumSubtotalCents: 2500 },
    {
      code: 'SUMMER24',
      kind: 'percentage',
      value: 15,
      startsAt: '2024-06-01T00:00:00Z',
      endsAt: '2024-09-01T00:00:00Z',
    },
  ],
};
