/** Blog posts: practical guides written for shoppers. */
export interface DemoPost {
  slug: string;
  title: string;
  excerpt: string;
  author: string;
  ageDays: number;
  category: string;
  tags: string[];
  content: string;
}

export const POSTS: DemoPost[] = [
  { slug: 'charging-safety-at-home', title: 'Charging safety at home: seven habits that matter', author: 'Priya Nair', ageDays: 12, category: 'Safety', tags: ['chargers', 'batteries', 'home'],
    excerpt: 'Most charger problems come from a few avoidable habits. Here is what to check and what to stop doing.',
    content: `<p>Lithium batteries are safe when they are charged by a good charger in a sensible place. The rare fires and swollen batteries almost always trace back to a handful of habits.</p>
<ul><li><strong>Do not charge under a pillow.</strong> Chargers and phones shed heat; a duvet traps it.</li><li><strong>Buy certified chargers.</strong> Look for a safety mark such as UL, CE with a real test report, or UKCA, and a brand that publishes protections.</li><li><strong>Replace damaged cables.</strong> Exposed wires and wobbly connectors can short.</li><li><strong>Watch for swelling.</strong> A power bank or phone that bulges must be retired, not pressed back into its case.</li><li><strong>Keep it dry.</strong> Do not charge a device that has just been in water.</li><li><strong>Unplug when away.</strong> Leaving chargers plugged in is generally fine, but on long trips unplug them.</li><li><strong>Use the right wattage.</strong> A higher-watt USB-C charger is safe: the phone only takes what it asks for.</li></ul>
<p>A good charger negotiates voltage with the device, monitors temperature and shuts down on a fault. That is worth a few dollars more.</p>` },
  { slug: 'how-to-choose-a-power-bank', title: 'How to choose a power bank', author: 'Lucas Meyer', ageDays: 30, category: 'Buying guides', tags: ['power banks', 'travel'],
    excerpt: 'mAh is only half the story. Watt-hours, output and weight decide whether a power bank suits you.',
    content: `<p>The big number on a power bank is its capacity in milliamp-hours, but two power banks with the same mAh can behave very differently.</p>
<p><strong>Think in watt-hours.</strong> Multiply mAh by 3.7 and divide by 1,000: a 10,000 mAh bank holds about 37 Wh. Airlines usually allow up to 100 Wh in the cabin without approval.</p>
<p><strong>Expect losses.</strong> Converting the cell voltage to USB voltage loses energy. A 10,000 mAh bank delivers roughly 6,500 mAh to a phone: about two full charges of a current phone.</p>
<p><strong>Match the output.</strong> Phones fast-charge at 20–30 W; laptops need 45–100 W over USB-C Power Delivery. A laptop bank should say "PD 65 W" or more.</p>
<ul><li><strong>Commuting:</strong> 5,000–10,000 mAh, 20 W, under 200 g.</li><li><strong>Travel:</strong> 20,000 mAh with 65 W USB-C.</li><li><strong>Camping:</strong> a rugged bank with a torch; solar panels help only as a top-up.</li></ul>` },
  { slug: 'usb-c-cables-explained', title: 'USB-C cables explained: why they are not all the same', author: 'Kenji Sato', ageDays: 55, category: 'Buying guides', tags: ['cables', 'usb-c'],
    excerpt: 'Two cables with identical plugs can differ in power, data speed and video. How to tell them apart.',
    content: `<p>USB-C describes the plug, not what the cable can do. Inside, cables differ in three ways.</p>
<ul><li><strong>Power:</strong> every USB-C to USB-C cable carries 60 W. Cables with an e-marker chip carry 100 W or, with the newest standard, 240 W. Laptops need the e-marked ones.</li><li><strong>Data:</strong> many charging cables run at USB 2.0 speed (480 Mb/s). Fast external drives need a USB 3.2 or USB4 cable.</li><li><strong>Video:</strong> to connect a monitor, the cable must support DisplayPort alternate mode, which USB 2.0 charging cables do not.</li></ul>
<p>Our advice: buy one 240 W braided cable for the laptop bag, and cheaper 60 W cables for bedside chargers. Check the printed rating on the connector or the packaging, and skip cables that do not state one.</p>` },
  { slug: 'gan-chargers-worth-it', title: 'Are GaN chargers worth it?', author: 'Priya Nair', ageDays: 90, category: 'Buying guides', tags: ['chargers', 'usb-c'],
    excerpt: 'Gallium-nitride chargers are smaller and cooler. When the extra cost pays off.',
    content: `<p>Gallium nitride (GaN) is a semiconductor that switches faster and wastes less energy as heat than silicon. For chargers, that means the same power in a much smaller body.</p>
<p>A 65 W GaN charger is about the size of an old 20 W phone charger, and it can charge a laptop and a phone at the same time. For travellers and anyone with several USB-C devices, one GaN charger replaces two or three bricks.</p>
<p>If you only ever charge one phone overnight, a good 20 W silicon charger is perfectly fine and cheaper. GaN pays off when you need 45 W or more, or when bag space matters.</p>` },
  { slug: 'first-toy-train-set', title: 'Choosing a first toy train set', author: 'Grace Okafor', ageDays: 140, category: 'Toys', tags: ['toy trains', 'kids'],
    excerpt: 'Wooden or battery-powered, how many pieces, and which sets grow with your child.',
    content: `<p>A train set is one of the few toys that children keep coming back to for years. The right first set depends on age.</p>
<ul><li><strong>Ages 2–3:</strong> chunky wooden track and magnetic carriages. Pushing trains by hand builds fine motor skills.</li><li><strong>Ages 3–5:</strong> battery engines with lights and sounds, on track compatible with the wooden sets you already have.</li><li><strong>Ages 6+:</strong> remote-control and steam-effect sets with bridges, switches and stations.</li></ul>
<p>Compatibility matters more than the number of pieces: most wooden track systems connect, so a starter set can grow one expansion at a time. Always check that battery compartments close with a screw.</p>` },
  { slug: 'smart-scale-accuracy', title: 'How accurate are smart scales?', author: 'Lucas Meyer', ageDays: 200, category: 'Smart home', tags: ['smart scales', 'health'],
    excerpt: 'Weight is precise; body fat is an estimate. How to get readings you can trust.',
    content: `<p>Smart scales measure weight very accurately, usually within 50–100 g. Body fat, muscle and water are estimates based on bioelectrical impedance: a tiny current runs through your feet and the scale calculates from the resistance.</p>
<p>Those estimates change with hydration, so the same person can see a two-point swing in body fat between morning and evening. The trick is consistency:</p>
<ul><li>Weigh yourself at the same time each day, ideally in the morning.</li><li>Stand barefoot on a hard, level floor, never on carpet.</li><li>Look at the weekly trend, not a single reading.</li></ul>
<p>Used like that, a smart scale is a good tool for seeing where you are heading.</p>` },
  { slug: 'rc-car-battery-care', title: 'RC car batteries: make them last', author: 'Tom Becker', ageDays: 260, category: 'Toys', tags: ['rc cars', 'batteries'],
    excerpt: 'Simple charging and storage habits that double the life of RC batteries.',
    content: `<p>Most RC cars now use lithium batteries, which are light and powerful but dislike being abused.</p>
<ul><li><strong>Let them cool.</strong> After a run, wait ten minutes before charging.</li><li><strong>Do not run them flat.</strong> When the car slows noticeably, stop.</li><li><strong>Store half-charged.</strong> For winter storage, leave batteries around 50%.</li><li><strong>Charge on a hard surface,</strong> away from anything flammable, and never leave a charging battery unattended.</li></ul>
<p>A battery treated this way keeps most of its punch for hundreds of runs.</p>` },
];
