// The widget's one lazy module: its props reader and its component arrive in one request,
// and the entry names one chunk per widget instead of two.
import { readSwatchesProps, type SwatchesProps } from './schema';
import { loopCode } from './Swatches';

export { default } from './Swatches';

/** A shop card's form mounts once its card code is there (asked for beside this chunk: index.ts). */
export async function readProps(element: Element): Promise<SwatchesProps> {
  const props = readSwatchesProps(element);
  if (props.mode === 'loop') await loopCode.load();
  return props;
}
