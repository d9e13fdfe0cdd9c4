// The demo catalogue. Ids, slugs and SKUs of the captured shop are reused where the capture has them
// (10 Simple Mug, 11 Sale Poster, 12 Variable Tee, 88 Teapot With Reviews, 108 Limited Art Print,
// 210 Trail Sneaker), so tests can be read side by side with test/fixtures/captures/.

export type CategorySlug = 'kitchen' | 'clothing' | 'decor';

export const CATEGORIES: Record<CategorySlug, { id: number; name: string }> = {
  kitchen: { id: 20, name: 'Kitchen' },
  decor: { id: 22, name: 'Decor' },
  clothing: { id: 23, name: 'Clothing' },
};

export interface AttributeDef {
  /** Request key, e.g. attribute_pa_color or attribute_shoe-size (local attributes use sanitize_title(name)). */
  key: string;
  label: string;
  options: { value: string; label: string }[];
}

export interface Variation {
  id: number;
  attributes: Record<string, string>;
  regularPrice: number;
  salePrice?: number;
  inStock: boolean;
  sku: string;
  /** Image key (see imageRegistry). */
  image: string;
  weight: string;
  description: string;
}

export interface Review {
  id: number;
  author: string;
  rating: number;
  date: string;
  verified: boolean;
  text: string;
}

export interface Product {
  id: number;
  slug: string;
  name: string;
  sku: string;
  type: 'simple' | 'variable';
  category: CategorySlug;
  regularPrice: number;
  salePrice?: number;
  /** null: stock not managed. */
  stock: number | null;
  inStock: boolean;
  soldIndividually: boolean;
  /** Quantity limits as a min/max quantities extension prints them on the quantity input. */
  minQty: number;
  maxQty: number | null;
  hue: number;
  /** Gallery image keys; the first is the featured image. */
  gallery: string[];
  short: string;
  description: string;
  weight: string;
  dimensions: { length: string; width: string; height: string };
  attributes: AttributeDef[];
  variations: Variation[];
  /** More variations than woocommerce_ajax_variation_threshold (30): data-product_variations="false". */
  ajaxVariations: boolean;
  reviews: Review[];
  /** Second-page filler for the shop's "Load more". */
  filler: boolean;
}

type Seed = Partial<Product> & Pick<Product, 'id' | 'slug' | 'name' | 'sku' | 'category' | 'regularPrice'>;

function make(seed: Seed): Product {
  const gallery = seed.gallery ?? [1, 2, 3, 4, 5].map((n) => `${seed.slug}-${n}`);
  return {
    type: 'simple',
    stock: null,
    inStock: true,
    soldIndividually: false,
    minQty: 1,
    maxQty: null,
    hue: (seed.id * 47) % 360,
    short: `${seed.name}, made for everyday use.`,
    description: `<p>${seed.name} is part of the Vitrine demo catalogue.</p>`,
    weight: '0.5',
    dimensions: { length: '10', width: '10', height: '10' },
    attributes: [],
    variations: [],
    ajaxVariations: false,
    reviews: [],
    filler: false,
    ...seed,
    gallery,
  };
}

const TEE_ATTRS: AttributeDef[] = [
  { key: 'attribute_pa_color', label: 'Color', options: [{ value: 'red', label: 'Red' }, { value: 'blue', label: 'Blue' }] },
  { key: 'attribute_pa_size', label: 'Size', options: [{ value: 'small', label: 'Small' }, { value: 'medium', label: 'Medium' }] },
];

function teeVariation(id: number, color: string, size: string, regular: number, extra: Partial<Variation> = {}): Variation {
  const sku = `TEE-${color.toUpperCase()}-${size === 'small' ? 'S' : 'M'}`;
  return {
    id,
    attributes: { attribute_pa_color: color, attribute_pa_size: size },
    regularPrice: regular,
    inStock: true,
    sku,
    image: `variable-tee-${color}`,
    weight: '0.2',
    description: `<p>Variation ${sku}.</p>\n`,
    ...extra,
  };
}

const SNEAKER_COLORS = ['red', 'blue', 'green', 'black', 'white', 'yellow'];
const SNEAKER_SIZES = ['37', '38', '39', '40', '41', '42', '43', '44', '45', '46'];
const SNEAKER_WIDTHS = ['Narrow', 'Regular', 'Wide', 'Extra Wide'];
const cap = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** 6 × 10 × 4 = 240 variations, ids 211–450; red/42/Regular on sale 85→65, white/44/Wide out of stock. */
function sneakerVariations(): Variation[] {
  const out: Variation[] = [];
  let id = 211;
  for (const color of SNEAKER_COLORS)
    for (const size of SNEAKER_SIZES)
      for (const width of SNEAKER_WIDTHS) {
        const wide = width === 'Wide' || width === 'Extra Wide';
        out.push({
          id: id++,
          attributes: { attribute_pa_color: color, 'attribute_shoe-size': size, attribute_width: width },
          regularPrice: wide ? 95 : 85,
          ...(color === 'red' && size === '42' && width === 'Regular' ? { salePrice: 65 } : {}),
          inStock: !(color === 'white' && size === '44' && width === 'Wide'),
          sku: `SNEAKER-${color.toUpperCase()}-${size}-${width.toUpperCase().replace(/ /g, '-')}`,
          image: `trail-sneaker-${color}`,
          weight: '',
          description: '',
        });
      }
  return out;
}

const MAIN: Product[] = [
  // Kitchen
  make({ id: 10, slug: 'simple-mug', name: 'Simple Mug', sku: 'MUG-1', category: 'kitchen', regularPrice: 10, stock: 50,
    short: 'A plain stoneware mug. Its gallery has five images, one of them broken (404).',
    gallery: ['simple-mug-1', 'simple-mug-2', 'simple-mug-3', 'simple-mug-missing', 'simple-mug-5'] }),
  make({ id: 33, slug: 'enamel-camp-mug', name: 'Enamel Camp Mug', sku: 'MUG-ENAMEL', category: 'kitchen', regularPrice: 14 }),
  make({ id: 38, slug: 'stoneware-mug', name: 'Stoneware Mug', sku: 'MUG-STONE', category: 'kitchen', regularPrice: 18, salePrice: 15 }),
  make({ id: 43, slug: 'travel-mug', name: 'Travel Mug', sku: 'MUG-TRAVEL', category: 'kitchen', regularPrice: 22, stock: 0, inStock: false }),
  make({ id: 48, slug: 'espresso-cup-set', name: 'Espresso Cup Set', sku: 'CUP-ESP', category: 'kitchen', regularPrice: 26 }),
  make({ id: 53, slug: 'oak-cutting-board', name: 'Oak Cutting Board', sku: 'BOARD-OAK', category: 'kitchen', regularPrice: 39 }),
  make({ id: 58, slug: 'salad-bowl', name: 'Salad Bowl', sku: 'BOWL-SALAD', category: 'kitchen', regularPrice: 24, salePrice: 19 }),
  make({ id: 88, slug: 'teapot-with-reviews', name: 'Teapot With Reviews', sku: 'TEAPOT', category: 'kitchen', regularPrice: 32,
    short: 'A cast iron teapot with three customer reviews.',
    reviews: [
      { id: 2, author: 'Alice Example', rating: 5, date: '2025-07-01T10:00:00+00:00', verified: true, text: 'Lovely teapot, pours without dripping.' },
      { id: 3, author: 'Bob Example', rating: 4, date: '2025-07-02T10:00:00+00:00', verified: false, text: 'Good size for two people. The lid is a little loose.' },
      { id: 4, author: 'Carol Example', rating: 3, date: '2025-07-03T10:00:00+00:00', verified: false, text: 'Nice, but the handle gets hot.' },
    ] }),
  // Clothing
  make({ id: 12, slug: 'variable-tee', name: 'Variable Tee', sku: 'TEE', category: 'clothing', type: 'variable', regularPrice: 18,
    short: 'Soft cotton tee. Blue/Small is on sale; Blue/Medium is sold out.', weight: '0.2',
    attributes: TEE_ATTRS,
    variations: [
      teeVariation(13, 'red', 'small', 20),
      teeVariation(14, 'red', 'medium', 21),
      teeVariation(15, 'blue', 'small', 22, { salePrice: 18 }),
      teeVariation(16, 'blue', 'medium', 23, { inStock: false }),
    ] }),
  make({ id: 210, slug: 'trail-sneaker', name: 'Trail Sneaker', sku: 'SNEAKER', category: 'clothing', type: 'variable', regularPrice: 65,
    short: '240 variations, so the form asks the server (get_variation) instead of embedding them.', ajaxVariations: true,
    attributes: [
      { key: 'attribute_pa_color', label: 'Color', options: SNEAKER_COLORS.map((c) => ({ value: c, label: cap(c) })) },
      { key: 'attribute_shoe-size', label: 'Shoe size', options: SNEAKER_SIZES.map((s) => ({ value: s, label: s })) },
      { key: 'attribute_width', label: 'Width', options: SNEAKER_WIDTHS.map((w) => ({ value: w, label: w })) },
    ],
    variations: sneakerVariations() }),
  make({ id: 60, slug: 'wool-beanie', name: 'Wool Beanie', sku: 'BEANIE', category: 'clothing', regularPrice: 18 }),
  make({ id: 61, slug: 'linen-shirt', name: 'Linen Shirt', sku: 'SHIRT-LINEN', category: 'clothing', regularPrice: 45, salePrice: 36 }),
  make({ id: 62, slug: 'rain-jacket', name: 'Rain Jacket', sku: 'JACKET-RAIN', category: 'clothing', regularPrice: 89, stock: 0, inStock: false }),
  make({ id: 63, slug: 'cotton-socks', name: 'Cotton Socks', sku: 'SOCKS', category: 'clothing', regularPrice: 6, minQty: 2, maxQty: 6,
    short: 'Sold in twos: at least 2 and at most 6 pairs per order.' }),
  make({ id: 64, slug: 'canvas-tote', name: 'Canvas Tote', sku: 'TOTE', category: 'clothing', regularPrice: 16 }),
  make({ id: 65, slug: 'denim-apron', name: 'Denim Apron', sku: 'APRON', category: 'clothing', regularPrice: 29 }),
  // Decor
  make({ id: 11, slug: 'sale-poster', name: 'Sale Poster', sku: 'POSTER-1', category: 'decor', regularPrice: 15, salePrice: 12.5 }),
  make({ id: 108, slug: 'limited-art-print', name: 'Limited Art Print', sku: 'PRINT-LTD', category: 'decor', regularPrice: 40, stock: 5,
    soldIndividually: true, short: 'Sold individually: one per order.' }),
  make({ id: 70, slug: 'ceramic-vase', name: 'Ceramic Vase', sku: 'VASE', category: 'decor', regularPrice: 34 }),
  make({ id: 71, slug: 'scented-candle', name: 'Scented Candle', sku: 'CANDLE', category: 'decor', regularPrice: 12 }),
  make({ id: 72, slug: 'wall-clock', name: 'Wall Clock', sku: 'CLOCK', category: 'decor', regularPrice: 48, stock: 0, inStock: false }),
  make({ id: 73, slug: 'linen-cushion', name: 'Linen Cushion', sku: 'CUSHION', category: 'decor', regularPrice: 30, salePrice: 24 }),
  make({ id: 74, slug: 'brass-candle-holder', name: 'Brass Candle Holder', sku: 'HOLDER-BRASS', category: 'decor', regularPrice: 22 }),
  make({ id: 75, slug: 'woven-basket', name: 'Woven Basket', sku: 'BASKET', category: 'decor', regularPrice: 27 }),
];

const FILLER_NAMES: [string, CategorySlug][] = [
  ['Bamboo Spoon', 'kitchen'], ['Tea Towel', 'kitchen'], ['Butter Dish', 'kitchen'], ['Pepper Mill', 'kitchen'],
  ['Glass Jar', 'kitchen'], ['Linen Napkins', 'kitchen'], ['Cast Iron Pan', 'kitchen'], ['Bread Knife', 'kitchen'],
  ['Knit Scarf', 'clothing'], ['Leather Belt', 'clothing'], ['Sun Hat', 'clothing'], ['Wool Gloves', 'clothing'],
  ['Rain Boots', 'clothing'], ['Flannel Shirt', 'clothing'], ['Cargo Shorts', 'clothing'], ['Yoga Pants', 'clothing'],
  ['Table Lamp', 'decor'], ['Picture Frame', 'decor'], ['Wool Throw', 'decor'], ['Mirror', 'decor'],
  ['Plant Pot', 'decor'], ['Jute Rug', 'decor'], ['Bookends', 'decor'], ['Desk Clock', 'decor'],
];

/** Ids 501–524: page 2 of the shop, so "Load more" has 24 more cards to append. */
const FILLERS: Product[] = FILLER_NAMES.map(([name, category], i) =>
  make({
    id: 501 + i,
    slug: name.toLowerCase().replace(/ /g, '-'),
    name,
    sku: `FILL-${501 + i}`,
    category,
    regularPrice: 8 + ((i * 7) % 40),
    ...(i % 6 === 2 ? { salePrice: 6 + ((i * 7) % 40) } : {}),
    filler: true,
    gallery: [`${name.toLowerCase().replace(/ /g, '-')}-1`],
  }),
);

export const PRODUCTS: Product[] = [...MAIN, ...FILLERS];

const byId = new Map(PRODUCTS.map((p) => [p.id, p]));
const bySlug = new Map(PRODUCTS.map((p) => [p.slug, p]));
const variationIndex = new Map<number, { product: Product; variation: Variation }>();
for (const p of PRODUCTS) for (const v of p.variations) variationIndex.set(v.id, { product: p, variation: v });

export const productById = (id: number) => byId.get(id);
export const productBySlug = (slug: string) => bySlug.get(slug);
/** A variation id resolves to its parent and itself, as wc_get_product() on a variation id does. */
export const variationById = (id: number) => variationIndex.get(id);

export function currentPrice(p: { regularPrice: number; salePrice?: number }): number {
  return p.salePrice ?? p.regularPrice;
}

/** Exact match on every attribute; an empty value on the variation means "any" (WooCommerce's rule). */
export function findVariation(product: Product, chosen: Record<string, string>): Variation | undefined {
  return product.variations.find((v) =>
    product.attributes.every((a) => {
      const want = chosen[a.key];
      if (want === undefined || want === '') return false;
      const has = v.attributes[a.key] ?? '';
      return has === '' || has === want;
    }),
  );
}

export interface ImageInfo {
  title: string;
  hue: number;
  shade: number;
}

/** Every image URL the demo serves. A key missing here is a 404, which is how the broken gallery image works. */
export const imageRegistry = new Map<string, ImageInfo>();
for (const p of PRODUCTS) {
  p.gallery.forEach((key, i) => {
    if (key.endsWith('-missing')) return;
    imageRegistry.set(key, { title: `${p.name} ${i + 1}/${p.gallery.length}`, hue: p.hue, shade: i });
  });
  for (const v of p.variations) {
    if (imageRegistry.has(v.image)) continue;
    const color = v.attributes.attribute_pa_color ?? '';
    const hue = { red: 0, blue: 220, green: 130, black: 0, white: 0, yellow: 52 }[color] ?? p.hue;
    imageRegistry.set(v.image, { title: `${p.name} – ${cap(color)}`, hue, shade: color === 'black' ? -1 : color === 'white' ? -2 : 0 });
  }
}
