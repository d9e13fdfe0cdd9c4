import { CATEGORIES, type Product, PRODUCTS, imageRegistry } from './catalogue.ts';

// Product search over the demo catalogue, as Smart WooCommerce Search's REST route and WordPress's
// search page see it: case- and accent-insensitive on title and SKU, title-prefix matches first.
// Two search-only products live here (not in the shop loop, so other pages keep their counts): one whose
// title carries markup and a script (text rendering must hold), one with accents (folding must hold).

function extra(id: number, slug: string, name: string, sku: string, short: string): Product {
  const base = PRODUCTS.find((p) => p.id === 10) as Product;
  return {
    ...base,
    id,
    slug,
    name,
    sku,
    stock: null,
    short,
    description: `<p>${short}</p>`,
    gallery: [`${slug}-1`],
    reviews: [],
    filler: false,
    hue: (id * 47) % 360,
  };
}

export const MARKUP_PRODUCT = extra(
  901,
  'markup-mug',
  '<img src=x onerror="window.__searchXss=1"> Markup Mug <script>window.__searchXss=2</script>',
  'MUG-XSS',
  'A mug whose short description holds <img src=x onerror="window.__searchXss=3"> live markup.',
);
export const ACCENT_PRODUCT = extra(902, 'creme-brulee-ramekin', 'Crème Brûlée Ramekin', 'RAMEKIN', 'Oven-safe ramekin for crème brûlée.');
export const SEARCH_ONLY: Product[] = [MARKUP_PRODUCT, ACCENT_PRODUCT];
for (const p of SEARCH_ONLY) imageRegistry.set(`${p.slug}-1`, { title: p.slug, hue: p.hue, shade: 0 });

export const SEARCHABLE: Product[] = [...PRODUCTS, ...SEARCH_ONLY];

/** One character folded (lower case, accents dropped); may be empty (a lone combining mark). */
function foldChar(char: string): string {
  return char.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}

export function fold(text: string): string {
  return [...text].map(foldChar).join('');
}

export interface Match {
  product: Product;
  rank: number;
}

/** Lower rank first: title starts with the query, a title word does, the title contains it, every word is in the title, the SKU matches. */
function rankOf(product: Product, query: string): number | undefined {
  const title = fold(product.name);
  const sku = fold(product.sku);
  if (title.startsWith(query)) return 0;
  if (title.split(/[^\p{L}\p{N}]+/u).some((word) => word.startsWith(query))) return 1;
  if (title.includes(query)) return 2;
  const words = query.split(/\s+/).filter(Boolean);
  if (words.length > 1 && words.every((word) => title.includes(word) || sku.includes(word))) return 3;
  if (sku.includes(query)) return 4;
  return undefined;
}

export function searchProducts(raw: string): Product[] {
  const query = fold(raw.replace(/\s+/g, ' ').trim());
  if (query === '') return [];
  const matches: Match[] = [];
  for (const product of SEARCHABLE) {
    const rank = rankOf(product, query);
    if (rank !== undefined) matches.push({ product, rank });
  }
  matches.sort((a, b) => a.rank - b.rank || a.product.name.localeCompare(b.product.name, 'en', { ignorePunctuation: true }));
  return matches.map((m) => m.product);
}

export function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#039;');
}

/** The title escaped, with every occurrence of the query in <strong> (the plugin highlights on the server). */
export function highlight(title: string, raw: string): string {
  const query = fold(raw.trim());
  const chars = [...title];
  if (query === '') return escapeHtml(title);
  // Folded text with, for each folded character, the index of the original character it came from.
  let folded = '';
  const origin: number[] = [];
  chars.forEach((char, index) => {
    for (const f of foldChar(char)) {
      folded += f;
      origin.push(index);
    }
  });
  const marked = new Array<boolean>(chars.length).fill(false);
  for (let at = folded.indexOf(query); at >= 0; at = folded.indexOf(query, at + query.length)) {
    for (let i = at; i < at + query.length; i++) marked[origin[i] ?? 0] = true;
  }
  let out = '';
  let open = false;
  chars.forEach((char, index) => {
    if (marked[index] && !open) out += '<strong>';
    if (!marked[index] && open) out += '</strong>';
    open = marked[index] ?? false;
    out += escapeHtml(char);
  });
  return open ? `${out}</strong>` : out;
}

export function categoryName(product: Product): string {
  return CATEGORIES[product.category].name;
}
