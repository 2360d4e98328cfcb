import sharp from 'sharp';

/**
 * sharp, as every picture of the shop is made with it. libvips' operation cache (by default up to 50 MB and 100
 * operations, for as long as the process lives) is off: each upload is decoded and re-encoded once, so a cached
 * operation is never asked for again, and the memory it held stayed in the server (docs/decisions/0036-memory.md).
 */
sharp.cache(false);

export default sharp;
export type { Metadata } from 'sharp';
