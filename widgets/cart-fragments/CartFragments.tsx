import { useEffect } from 'react';
import { startCartFragments } from '../../src/cart';

/** No UI of its own: starts the page's one fragments store. */
export default function CartFragments() {
  useEffect(() => startCartFragments(), []);
  return null;
}
