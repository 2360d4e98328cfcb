import type Sharp from 'sharp';

export type { Metadata } from 'sharp';

let loading: Promise<typeof Sharp> | undefined;

/**
 * sharp, as every picture of the shop is made with it, loaded the first time a picture is made: libvips and its
 * libraries (~6 MB of code resident, and its threads) stay out of a server that only sells (decision 0036).
 * libvips' operation cache (by default up to 50 MB and 100 operations, for as long as the process lives) is off:
 * each upload is decoded and re-encoded once, so a cached operation is never asked for again, and the memory it
 * held stayed in the server (docs/decisions/0036-memory.md).
 */
export function loadSharp(): Promise<typeof Sharp> {
  if (!loading) {
    loading = import('sharp').then(({ default: sharp }) => {
      sharp.cache(false);
      return sharp;
    });
    // A failed load (a missing binary) is tried again by the next picture.
    loading.catch(() => (loading = undefined));
  }
  return loading;
}
