/** Names of the generated demo pictures under public/demo (scripts/make-demo-images.ts draws them). */

/** Product illustrations: one drawing per kind, tinted per colour. */
export const IMAGE_KINDS = [
  'charger', 'car-charger', 'wireless-charger', 'travel-adapter', 'power-bank', 'solar-bank',
  'cable', 'hdmi-cable', 'scale', 'kitchen-scale', 'smart-plug', 'sensor', 'train', 'rc-car',
  'drone', 'stem-kit', 'headphones', 'earbuds', 'speaker', 'phone-case', 'screen-protector',
  'phone-mount', 'tripod', 'mouse', 'keyboard', 'usb-hub', 'laptop-stand', 'webcam',
  'smartwatch', 'fitness-band', 'watch-strap', 'led-strip', 'desk-lamp', 'smart-bulb', 'flashlight',
] as const;
export type ImageKind = (typeof IMAGE_KINDS)[number];

export const COLOURS = {
  Black: '#2b2f36',
  White: '#eef1f4',
  Blue: '#2f6fd6',
  Red: '#d64545',
  Green: '#2f9e6e',
} as const;
export type Colour = keyof typeof COLOURS;
export const COLOUR_NAMES = Object.keys(COLOURS) as Colour[];

/** Extra gallery views drawn for every kind. */
export const GALLERY_ANGLES = ['side', 'detail', 'box'] as const;

export const productImage = (kind: ImageKind, colour: Colour) => `/demo/products/${kind}-${colour.toLowerCase()}.svg`;
export const galleryImage = (kind: ImageKind, angle: (typeof GALLERY_ANGLES)[number]) => `/demo/gallery/${kind}-${angle}.svg`;
export const brandLogo = (slug: string) => `/demo/brands/${slug}.svg`;
export const storeLogo = (slug: string) => `/demo/stores/${slug}-logo.svg`;
export const storeBanner = (slug: string) => `/demo/stores/${slug}-banner.svg`;
export const categoryIcon = (slug: string) => `/demo/categories/${slug}.svg`;
export const bannerImage = (name: string) => `/demo/banners/${name}.svg`;
export const blogCover = (slug: string) => `/demo/blog/${slug}.svg`;
export const REVIEW_PHOTOS = [1, 2, 3, 4, 5, 6].map((n) => `/demo/reviews/photo-${n}.svg`);
export const PAYMENT_IMAGE = '/demo/brand/payments.svg';
