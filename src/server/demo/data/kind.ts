import type { Rng } from '@/server/demo/prng';
import type { Colour } from '@/server/demo/data/images';

/** One generated product before it has a brand, store or id. */
export interface Made {
  /** Title without the brand, e.g. "Nova 65W GaN USB-C Charger". */
  name: string;
  overview: string;
  /** Opening paragraph of the description. */
  intro: string;
  /** Bullet points: a short label and a sentence. */
  features: [string, string][];
  specs: [string, string][];
  tags: string[];
  /** Selling price in whole dollars (the generator turns it into cents ending in 99). */
  dollars: number;
  warranty: string;
}

export type VariantAxis = 'Colour' | 'Wattage' | 'Length';

export interface KindDef {
  colours: Colour[];
  /** Which attribute variant products of this kind vary by, if any. */
  variant: VariantAxis | null;
  make(rng: Rng, subSlug: string): Made;
}

export const MODELS = ['Nova', 'Pulse', 'Flux', 'Arc', 'Vector', 'Orbit', 'Echo', 'Atlas', 'Zen', 'Spark', 'Apex', 'Core',
  'Edge', 'Swift', 'Prime', 'Luma', 'Metro', 'Quad', 'Halo', 'Drift', 'Ridge', 'Summit', 'Pilot', 'Ember'];

export const VARIANT_VALUES: Record<VariantAxis, string[]> = {
  Colour: ['Black', 'White', 'Blue', 'Red', 'Green'],
  Wattage: ['20W', '30W', '45W', '65W', '100W'],
  Length: ['0.5 m', '1 m', '2 m', '3 m'],
};

/** "Model X2" style name: a model word and sometimes a generation number. */
export function modelName(rng: Rng): string {
  const word = rng.pick(MODELS);
  return rng.chance(0.5) ? `${word} ${rng.pick(['2', '3', 'S', 'X', 'Pro', 'Mini', 'Max', 'Lite'])}` : word;
}

export const YEAR_WARRANTY = ['12-month warranty', '18-month warranty', '24-month warranty'];
