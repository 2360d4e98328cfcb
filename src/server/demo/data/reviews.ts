import type { Rng } from '@/server/demo/prng';
import { REVIEW_PHOTOS } from '@/server/demo/data/images';

export interface DemoReview {
  author: string;
  rating: number;
  text: string;
  images: string[];
  /** Days before now it was written. */
  ageDays: number;
}

const FIRST = ['Maya', 'Tom', 'Priya', 'Lucas', 'Aisha', 'Daniel', 'Sofia', 'Kenji', 'Grace', 'Omar', 'Hannah', 'Mateo', 'Chloe',
  'Ravi', 'Emily', 'Jonas', 'Fatima', 'Noah', 'Leila', 'Sam', 'Ingrid', 'Carlos', 'Zara', 'Ben', 'Yuki', 'Amara', 'Finn', 'Nadia'];
const LAST = 'ABCDEFGHJKLMNOPRSTVWZ'.split('');

const GOOD = [
  'Exactly as described and it arrived two days early.',
  'Works perfectly with my phone and feels well made.',
  'Solid build, nothing rattles, and the packaging was plastic-free.',
  'I bought one for myself and then a second as a gift. Both have been faultless.',
  'Does what it says on the tin. I would buy it again.',
  'Great value for the price; it feels more expensive than it is.',
  'Setup took a couple of minutes and it has worked every day since.',
  'My kids love it and it has survived a few falls already.',
  'Replaced a much pricier one from a big brand and honestly I cannot tell the difference.',
  'The seller answered my question within an hour before I ordered.',
];
const MIXED = [
  'Does the job, but the instructions could be clearer.',
  'Good overall, although it runs a little warm under heavy use.',
  'Fine for the price. The finish picks up fingerprints easily.',
  'Works well, but the colour is slightly darker than in the photos.',
  'Decent, though delivery took the full seven business days.',
];
const BAD = [
  'Stopped working after three weeks. The refund was quick, to be fair.',
  'Not compatible with my older phone, which the listing did not make clear.',
  'Feels flimsy and the connector is loose. Returned it.',
  'Arrived with a scratch on the front. Support sent a replacement but it took a while.',
];

/** 0–12 reviews whose ratings gather around the product's quality (3.2–4.9). */
export function makeReviews(rng: Rng, quality: number, productAgeDays: number): DemoReview[] {
  const count = rng.chance(0.15) ? 0 : rng.int(1, 12);
  const out: DemoReview[] = [];
  for (let i = 0; i < count; i++) {
    const rating = Math.max(1, Math.min(5, Math.round(quality + (rng.next() - 0.5) * 2.4)));
    const pool = rating >= 4 ? GOOD : rating === 3 ? MIXED : BAD;
    const sentences = rng.sample(pool, rating >= 4 ? rng.int(1, 2) : 1);
    out.push({
      author: `${rng.pick(FIRST)} ${rng.pick(LAST)}.`,
      rating,
      text: sentences.join(' '),
      images: rng.chance(0.12) ? rng.sample(REVIEW_PHOTOS, rng.int(1, 2)) : [],
      ageDays: rng.int(0, Math.max(1, productAgeDays - 1)),
    });
  }
  return out;
}

/** Average of the ratings, 2 decimals, as the numeric column wants it. */
export function averageRating(reviews: { rating: number }[]): string {
  if (!reviews.length) return '0.00';
  return (reviews.reduce((s, r) => s + r.rating, 0) / reviews.length).toFixed(2);
}
