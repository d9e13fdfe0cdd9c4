import { useEffect } from 'react';
import { startCartFragments } from '../../src/cart';
import { watchPresses } from './press';

/** No UI of its own: starts the page's one fragments store, and keeps its updates off a press under way (./press). */
export default function CartFragments() {
  useEffect(() => {
    watchPresses();
    startCartFragments();
  }, []);
  return null;
}
