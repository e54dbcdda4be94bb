import { identicon } from '@dicebear/collection';
import { createAvatar } from '@dicebear/core';

/** Loaded on demand by <Avatar> so DiceBear stays out of the first bundle. */
export function identiconDataUri(seed: string): string {
  return createAvatar(identicon, {
    seed,
    backgroundColor: ['1a2540'],
    rowColor: ['a78bfa', '22d3ee', '818cf8', '67e8f9'],
    scale: 70,
  }).toDataUri();
}
