import type { ImageKind } from '@/server/demo/data/images';

export interface DemoSubCategory {
  slug: string;
  title: string;
  kind: ImageKind;
  /** How many demo products to make here. */
  count: number;
  inFooter: boolean;
}
export interface DemoCategory {
  slug: string;
  title: string;
  featured: boolean;
  inFooter: boolean;
  /** Slug of the store that sells most of this category. */
  store: string;
  subs: DemoSubCategory[];
}

const sub = (slug: string, title: string, kind: ImageKind, count: number, inFooter = false): DemoSubCategory => ({ slug, title, kind, count, inFooter });

/** Ten categories with 3–5 subcategories each; the product counts add up to 257. */
export const CATEGORIES: DemoCategory[] = [
  { slug: 'chargers-adapters', title: 'Chargers & Adapters', featured: true, inFooter: true, store: 'volt-depot', subs: [
    sub('wall-chargers', 'Wall Chargers', 'charger', 10, true),
    sub('gan-chargers', 'GaN Chargers', 'charger', 8, true),
    sub('car-chargers', 'Car Chargers', 'car-charger', 7),
    sub('wireless-chargers', 'Wireless Chargers', 'wireless-charger', 8, true),
    sub('travel-adapters', 'Travel Adapters', 'travel-adapter', 6),
  ] },
  { slug: 'power-banks', title: 'Power Banks', featured: true, inFooter: true, store: 'volt-depot', subs: [
    sub('pocket-power-banks', 'Pocket Power Banks', 'power-bank', 10, true),
    sub('laptop-power-banks', 'Laptop Power Banks', 'power-bank', 7, true),
    sub('magnetic-power-banks', 'Magnetic Power Banks', 'power-bank', 6),
    sub('solar-power-banks', 'Solar Power Banks', 'solar-bank', 5),
  ] },
  { slug: 'cables', title: 'Cables', featured: true, inFooter: true, store: 'cable-corner', subs: [
    sub('usb-c-cables', 'USB-C Cables', 'cable', 10, true),
    sub('lightning-cables', 'Lightning Cables', 'cable', 7, true),
    sub('micro-usb-cables', 'Micro-USB Cables', 'cable', 5),
    sub('hdmi-display-cables', 'HDMI & Display Cables', 'hdmi-cable', 6),
    sub('multi-head-cables', '3-in-1 Cables', 'cable', 5),
  ] },
  { slug: 'smart-home-scales', title: 'Smart Home & Scales', featured: true, inFooter: false, store: 'homesense', subs: [
    sub('smart-scales', 'Smart Bathroom Scales', 'scale', 8, true),
    sub('kitchen-scales', 'Kitchen Scales', 'kitchen-scale', 6),
    sub('smart-plugs', 'Smart Plugs', 'smart-plug', 6),
    sub('sensors-hubs', 'Sensors & Hubs', 'sensor', 5),
  ] },
  { slug: 'toys-rc', title: 'Toys & RC', featured: true, inFooter: true, store: 'tinker-trains', subs: [
    sub('toy-trains', 'Toy Trains', 'train', 9, true),
    sub('rc-cars', 'RC Cars', 'rc-car', 9, true),
    sub('drones', 'Mini Drones', 'drone', 5),
    sub('stem-kits', 'STEM & Coding Kits', 'stem-kit', 5),
  ] },
  { slug: 'audio', title: 'Audio', featured: true, inFooter: true, store: 'soundwave', subs: [
    sub('headphones', 'Headphones', 'headphones', 7, true),
    sub('earbuds', 'Wireless Earbuds', 'earbuds', 8, true),
    sub('bluetooth-speakers', 'Bluetooth Speakers', 'speaker', 7),
  ] },
  { slug: 'phone-accessories', title: 'Phone Accessories', featured: false, inFooter: true, store: 'deskpro', subs: [
    sub('phone-cases', 'Phone Cases', 'phone-case', 7, true),
    sub('screen-protectors', 'Screen Protectors', 'screen-protector', 5),
    sub('holders-mounts', 'Holders & Mounts', 'phone-mount', 6),
    sub('tripods-selfie-sticks', 'Tripods & Selfie Sticks', 'tripod', 4),
  ] },
  { slug: 'computer-accessories', title: 'Computer Accessories', featured: false, inFooter: true, store: 'deskpro', subs: [
    sub('mice', 'Mice', 'mouse', 6, true),
    sub('keyboards', 'Keyboards', 'keyboard', 6, true),
    sub('usb-hubs', 'USB Hubs & Docks', 'usb-hub', 6),
    sub('laptop-stands', 'Laptop Stands', 'laptop-stand', 4),
    sub('webcams', 'Webcams', 'webcam', 4),
  ] },
  { slug: 'wearables', title: 'Wearables', featured: false, inFooter: false, store: 'soundwave', subs: [
    sub('smartwatches', 'Smartwatches', 'smartwatch', 6, true),
    sub('fitness-bands', 'Fitness Bands', 'fitness-band', 5),
    sub('watch-straps', 'Watch Straps', 'watch-strap', 4),
  ] },
  { slug: 'lighting', title: 'Lighting', featured: false, inFooter: false, store: 'homesense', subs: [
    sub('led-strips', 'LED Strips', 'led-strip', 5, true),
    sub('desk-lamps', 'Desk Lamps', 'desk-lamp', 5),
    sub('smart-bulbs', 'Smart Bulbs', 'smart-bulb', 5),
    sub('flashlights', 'Flashlights', 'flashlight', 4),
  ] },
];

export interface DemoBrand {
  slug: string;
  title: string;
  featured: boolean;
  /** Category slugs this brand makes things for. */
  makes: string[];
}
const brand = (title: string, featured: boolean, makes: string[]): DemoBrand => ({ slug: title.toLowerCase().replace(/[^a-z0-9]+/g, '-'), title, featured, makes });

export const BRANDS: DemoBrand[] = [
  brand('Voltra', true, ['chargers-adapters', 'power-banks', 'cables']),
  brand('Amplex', true, ['chargers-adapters', 'power-banks']),
  brand('Nordcell', false, ['power-banks', 'lighting']),
  brand('Kinetiq', true, ['chargers-adapters', 'cables', 'computer-accessories']),
  brand('Lumora', false, ['lighting', 'smart-home-scales']),
  brand('Ferro', false, ['cables', 'phone-accessories']),
  brand('Qubo Labs', true, ['smart-home-scales', 'wearables']),
  brand('Tidewave', false, ['audio']),
  brand('Brightpath', false, ['lighting', 'power-banks']),
  brand('Orbix', false, ['computer-accessories', 'phone-accessories']),
  brand('Zentro', false, ['chargers-adapters', 'phone-accessories']),
  brand('Halcyon Audio', true, ['audio']),
  brand('Pixelforge', false, ['computer-accessories']),
  brand('Trackline', true, ['toys-rc']),
  brand('Sparrow RC', false, ['toys-rc']),
  brand('Weighwise', false, ['smart-home-scales']),
  brand('Cobalt', false, ['cables', 'computer-accessories', 'audio']),
  brand('Nimbus Wear', false, ['wearables']),
  brand('Stratos', false, ['phone-accessories', 'wearables', 'audio']),
  brand('Fable Toys', false, ['toys-rc']),
];

export interface DemoStore {
  slug: string;
  name: string;
  description: string;
  rating: string;
  email: string;
  phone: string;
  address: string;
  /** Years before now the store opened. */
  ageDays: number;
  /** Also offers pickup from its counter. */
  pickup: boolean;
}

export const STORES: DemoStore[] = [
  { slug: 'volt-depot', name: 'Volt Depot', rating: '4.70', ageDays: 1460, pickup: true, email: 'hello@voltdepot.example', phone: '+1 512 555 0140', address: '418 Congress Ave, Austin, TX 78701, United States',
    description: 'Chargers, power banks and adapters tested on our own bench before they reach the shelf. We publish the real output we measure, not just the number on the box, and we keep spare parts for the chargers we sell.' },
  { slug: 'cable-corner', name: 'Cable Corner', rating: '4.55', ageDays: 1120, pickup: false, email: 'support@cablecorner.example', phone: '+44 20 7946 0321', address: '12 Tottenham Court Rd, London W1T 1BJ, United Kingdom',
    description: 'Every cable we stock is e-marked where it should be, braided where it bends and labelled with what it can actually carry. If a cable you bought here frays inside a year, we replace it.' },
  { slug: 'homesense', name: 'HomeSense Electronics', rating: '4.40', ageDays: 830, pickup: false, email: 'care@homesense.example', phone: '+1 206 555 0177', address: '1520 4th Ave, Seattle, WA 98101, United States',
    description: 'Smart scales, plugs, sensors and lighting that work without a subscription. We set up every device on a test network before listing it, so our product notes tell you exactly which apps and voice assistants it pairs with.' },
  { slug: 'tinker-trains', name: 'Tinker Toys & Trains', rating: '4.85', ageDays: 2190, pickup: false, email: 'play@tinkertrains.example', phone: '+49 30 5557 2210', address: 'Kastanienallee 31, 10435 Berlin, Germany',
    description: 'A family toy shop that grew out of a model-railway club. Toy trains, RC cars, mini drones and STEM kits, each one played with by our own kids before it makes the catalogue. Batteries are always listed and age ratings are honest.' },
  { slug: 'soundwave', name: 'SoundWave Audio', rating: '4.30', ageDays: 610, pickup: false, email: 'listen@soundwave.example', phone: '+1 416 555 0199', address: '220 Yonge St, Toronto, ON M5B 2H1, Canada',
    description: 'Headphones, earbuds, speakers and wearables chosen by ear. Our listening notes describe how each pair actually sounds, how long the battery lasted in our tests and how well the microphone copes with a windy street.' },
  { slug: 'deskpro', name: 'DeskPro Supply', rating: '4.60', ageDays: 340, pickup: false, email: 'orders@deskpro.example', phone: '+1 312 555 0108', address: '233 S Wacker Dr, Chicago, IL 60606, United States',
    description: 'Mice, keyboards, hubs, stands and phone accessories for people who work at a desk all day. We favour repairable gear with replaceable feet, keycaps and cables, and we answer questions within one business day.' },
];
