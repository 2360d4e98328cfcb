import 'astro';

declare module 'astro' {
  interface AstroClientDirectives {
    /** Hydrate on the first pointerdown/focusin/keydown on the island, or on idle after the first input anywhere. */
    'client:interaction'?: boolean;
  }
}
