import type { Rng } from '@/server/demo/prng';
import type { Colour } from '@/server/demo/data/images';
import type { KindDef, Made, VariantAxis } from '@/server/demo/data/kind';
import { modelName, YEAR_WARRANTY } from '@/server/demo/data/kind';

interface Simple {
  colours: Colour[];
  variant?: VariantAxis;
  names: string[];
  overview: (name: string) => string;
  intro: string[];
  features: [string, string][];
  specs: (rng: Rng) => [string, string][];
  tags: string[];
  price: [number, number];
}

/** A kind whose products differ by model name, price and a few spec values. */
export function simpleKind(s: Simple): KindDef {
  return {
    colours: s.colours,
    variant: s.variant ?? null,
    make(rng): Made {
      const noun = rng.pick(s.names);
      const intro = rng.sample(s.intro, 2).join(' ');
      return {
        name: `${modelName(rng)} ${noun}`,
        overview: s.overview(noun),
        intro,
        features: rng.sample(s.features, Math.min(4, s.features.length)),
        specs: s.specs(rng),
        tags: [...s.tags],
        dollars: rng.int(s.price[0], s.price[1]),
        warranty: rng.pick(YEAR_WARRANTY),
      };
    },
  };
}

/** Smart home, scales and toys. */
export const HOME_KINDS: Record<string, KindDef> = {
  scale: simpleKind({ colours: ['White', 'Black'], names: ['Smart Body Composition Scale', 'Wi-Fi Smart Scale', 'Bluetooth Body Fat Scale'],
    overview: (n) => `A ${n.toLowerCase()} that tracks weight, body fat, muscle and water and syncs to your phone.`,
    intro: ['Step on barefoot and the scale recognises who you are from up to eight profiles.', 'Readings sync to the app and to Apple Health, Google Fit and Fitbit, so the trend lives where your other data does.', 'The tempered-glass top is easy to wipe and the four sensors are calibrated in 50 g steps.', 'A baby and pet mode weighs you with and without them and shows the difference.'],
    features: [['13 measurements', 'weight, BMI, body fat, muscle mass, bone mass, water, visceral fat and more.'], ['Auto recognition', 'up to 8 users, matched by weight history.'], ['Long battery life', 'four AAA batteries last about a year of daily use.'], ['No subscription', 'every chart in the app is free.'], ['Private', 'works offline over Bluetooth; the cloud account is optional.']],
    specs: (rng) => [['Capacity', rng.pick(['180 kg / 396 lb', '200 kg / 440 lb'])], ['Precision', '50 g / 0.1 lb'], ['Connectivity', rng.pick(['Bluetooth 5.0', 'Wi-Fi + Bluetooth'])], ['Power', '4× AAA (included)'], ['Platform', '28 × 28 cm tempered glass']],
    tags: ['smart-home', 'health', 'bluetooth'], price: [24, 79] }),
  'kitchen-scale': simpleKind({ colours: ['White', 'Black'], names: ['Digital Kitchen Scale', 'Rechargeable Kitchen Scale', 'Coffee Scale with Timer'],
    overview: (n) => `A ${n.toLowerCase()} with 1 g precision, tare and a bright backlit display.`,
    intro: ['Weigh flour, coffee beans or parcels in grams, ounces or millilitres.', 'The tare button zeroes the bowl so you can add ingredients one after another.', 'The stainless-steel top wipes clean and the display stays readable under a large bowl.', 'It charges over USB-C, so there are no coin cells to hunt for.'],
    features: [['1 g precision', 'up to 5 kg, or 0.1 g up to 500 g on the coffee model.'], ['Tare', 'zero the scale with a bowl on it.'], ['Units', 'g, oz, lb:oz, ml and fl oz.'], ['USB-C charging', 'about three months per charge.']],
    specs: (rng) => [['Capacity', rng.pick(['5 kg', '10 kg', '3 kg'])], ['Precision', rng.pick(['1 g', '0.1 g'])], ['Power', 'USB-C rechargeable'], ['Surface', 'Stainless steel']],
    tags: ['smart-home', 'kitchen'], price: [12, 34] }),
  'smart-plug': simpleKind({ colours: ['White'], names: ['Mini Smart Plug (2-pack)', 'Smart Plug with Energy Monitoring', 'Outdoor Smart Plug', 'Smart Power Strip'],
    overview: (n) => `A ${n.toLowerCase().replace(/ \(.*\)/, '')} that switches lamps and appliances from your phone or your voice.`,
    intro: ['Set schedules, timers and away modes so the lights look lived-in while you travel.', 'It works with Alexa, Google Home and Matter controllers, with no hub required.', 'Energy monitoring shows what the old fridge or the game console actually costs to run.', 'If the Wi-Fi goes down, the button on the side still works.'],
    features: [['Matter over Wi-Fi', 'pairs with Apple Home, Google Home, Alexa and SmartThings.'], ['Energy monitoring', 'live watts and monthly kWh in the app.'], ['Schedules', 'sunrise and sunset timers that follow the seasons.'], ['Slim body', 'leaves the second socket of a double outlet free.']],
    specs: () => [['Max load', '15 A / 1,800 W'], ['Connectivity', '2.4 GHz Wi-Fi, Matter'], ['Voice assistants', 'Alexa, Google Assistant, Siri']],
    tags: ['smart-home', 'matter'], price: [12, 39] }),
  sensor: simpleKind({ colours: ['White'], names: ['Door & Window Sensor', 'Temperature & Humidity Sensor', 'Motion Sensor', 'Zigbee Smart Hub', 'Water Leak Sensor'],
    overview: (n) => `A small ${n.toLowerCase()} for home automations and alerts.`,
    intro: ['Stick it up in a minute with the included adhesive pad; no drilling, no wiring.', 'Get a notification when something changes, or use it to trigger lights and plugs.', 'A coin cell lasts about two years, and the app warns you well before it runs out.', 'It talks Zigbee 3.0, so it also works with most third-party hubs.'],
    features: [['Two-year battery', 'CR2032 coin cell included.'], ['Instant alerts', 'push notification in under a second.'], ['Automations', 'turn on a plug or bulb when it triggers.'], ['Local control', 'keeps working when the internet is down.']],
    specs: () => [['Protocol', 'Zigbee 3.0'], ['Battery', 'CR2032'], ['Range', 'up to 30 m indoors']],
    tags: ['smart-home', 'zigbee'], price: [9, 49] }),
  train: simpleKind({ colours: ['Red', 'Blue', 'Green'], variant: 'Colour', names: ['Battery Toy Train Set', 'Wooden Railway Starter Set', 'Steam Locomotive Train Set with Smoke', 'Remote Control Toy Train', 'Magnetic Wooden Train Carriages'],
    overview: (n) => `A ${n.toLowerCase()} that clicks together in minutes, for ages 3 and up.`,
    intro: ['Snap the track into an oval or a figure eight and let the engine pull its carriages round with lights and sound.', 'The water-vapour "smoke" is cool to the touch and safe around little hands.', 'Pieces are compatible with the major wooden railway brands, so it grows with an existing layout.', 'The locomotive runs on rechargeable batteries and stops automatically if it tips over.'],
    features: [['Compatible track', 'fits the common wooden and plastic railway systems.'], ['Lights and sound', 'headlight, whistle and chuffing sound, with a volume switch.'], ['Durable', 'non-toxic paint and sanded beech wood or ABS plastic.'], ['Easy storage', 'comes in a reusable box with dividers.']],
    specs: (rng) => [['Age', '3+'], ['Pieces', String(rng.int(22, 86))], ['Track length', `${rng.int(3, 6)}.${rng.int(0, 9)} m`], ['Batteries', rng.pick(['2× AA (not included)', 'Rechargeable, USB-C'])]],
    tags: ['toys', 'kids', 'gift', 'train'], price: [19, 89] }),
  'rc-car': simpleKind({ colours: ['Red', 'Blue', 'Green', 'Black'], variant: 'Colour', names: ['1:16 Off-Road RC Truck', '1:18 RC Drift Car', '4WD RC Rock Crawler', 'Amphibious RC Stunt Car', '1:14 High-Speed RC Buggy'],
    overview: (n) => `A ${n.toLowerCase()} with a 2.4 GHz remote and two rechargeable batteries.`,
    intro: ['Proportional steering and throttle give fine control on grass, gravel and sand.', 'Two batteries in the box mean about 40 minutes of driving before you need a break.', 'Oil-filled shocks and rubber tyres soak up kerbs and jumps.', 'The 2.4 GHz remote lets several cars race at once without interference.'],
    features: [['Top speed', 'up to 30 km/h on the high-speed setting, with a beginner mode at half speed.'], ['Two batteries', 'about 20 minutes each, USB charging.'], ['Spare parts', 'arms, tyres and gears sold separately.'], ['Ready to run', 'everything in the box except AA batteries for the remote.']],
    specs: (rng) => [['Scale', rng.pick(['1:14', '1:16', '1:18'])], ['Drive', '4WD'], ['Top speed', `${rng.int(18, 36)} km/h`], ['Range', '80 m'], ['Age', '8+']],
    tags: ['toys', 'rc', 'gift', 'outdoor'], price: [29, 119] }),
  drone: simpleKind({ colours: ['Black', 'White'], names: ['Mini Camera Drone for Beginners', 'Foldable FPV Drone with 1080p Camera', 'Indoor Palm Drone'],
    overview: (n) => `A ${n.toLowerCase()} with altitude hold, one-key take-off and headless mode.`,
    intro: ['Altitude hold keeps it at a steady height so a first-time pilot can concentrate on steering.', 'Propeller guards and a soft body make it safe for the living room.', 'It weighs under 250 g, below the registration limit in most countries.', 'The camera streams to your phone and records clips to a microSD card.'],
    features: [['Beginner friendly', 'one-key take-off and landing, headless mode and three speeds.'], ['Under 250 g', 'no registration needed in most countries; check your local rules.'], ['Flight time', 'about 12 minutes per battery, two batteries included.'], ['Prop guards', 'included and easy to clip on.']],
    specs: (rng) => [['Weight', `${rng.int(95, 245)} g`], ['Camera', rng.pick(['720p', '1080p', 'None'])], ['Flight time', '12 min'], ['Age', '12+']],
    tags: ['toys', 'rc', 'gift'], price: [39, 129] }),
  'stem-kit': simpleKind({ colours: ['Blue', 'Green'], names: ['Coding Robot Kit', 'Electronics Snap Circuits Set', 'Solar Robot 12-in-1 Kit', 'Build-Your-Own Radio Kit'],
    overview: (n) => `A ${n.toLowerCase()} that teaches circuits and coding through play, for ages 8 and up.`,
    intro: ['Illustrated step-by-step booklets walk through each project, from a blinking light to a working robot.', 'Parts snap together, so no soldering is needed.', 'Block-based coding in the free app grows into real Python as children get more confident.', 'It is a favourite for rainy weekends and science-fair projects.'],
    features: [['Projects', 'dozens of guided builds with a parent guide.'], ['No soldering', 'snap-together modules with colour coding.'], ['Coding', 'Scratch-style blocks, then Python.'], ['Safe', 'low-voltage battery pack with a protective fuse.']],
    specs: (rng) => [['Age', '8+'], ['Projects', String(rng.int(12, 120))], ['Power', '2× AA or USB-C'], ['Parts', String(rng.int(30, 190))]],
    tags: ['toys', 'kids', 'stem', 'gift'], price: [24, 79] }),
};
