import type { KindDef } from '@/server/demo/data/kind';
import { modelName, YEAR_WARRANTY } from '@/server/demo/data/kind';

const watts = [20, 25, 30, 35, 45, 65, 100, 140];

/** Chargers, power banks and cables: the shop's best sellers. */
export const POWER_KINDS: Record<string, KindDef> = {
  charger: { colours: ['White', 'Black'], variant: 'Wattage', make(rng, sub) {
    const w = rng.pick(sub === 'gan-chargers' ? watts.slice(3) : watts.slice(0, 6));
    const ports = w >= 65 ? rng.pick(['2C1A', '3C1A', '2C']) : rng.pick(['1C', '1C1A']);
    const gan = sub === 'gan-chargers' || w >= 65;
    return {
      name: `${modelName(rng)} ${w}W ${gan ? 'GaN ' : ''}USB-C Wall Charger`,
      overview: `A ${gan ? 'compact gallium-nitride' : 'slim'} ${w} W wall charger with ${ports === '1C' ? 'one USB-C port' : `${ports.replace(/(\d)C/, '$1 USB-C').replace(/(\d)A/, ' and $1 USB-A').trim()} ports`} and Power Delivery 3.0.`,
      intro: `This ${w} W charger ${w >= 65 ? 'is strong enough to top up a 14-inch laptop and a phone from one socket' : 'fast-charges a current phone to about 50% in thirty minutes'}. ${gan ? 'Gallium-nitride parts run cooler than silicon, so it is about a third smaller than a classic brick.' : 'It is small enough to leave in a jacket pocket.'}`,
      features: [
        ['Power Delivery 3.0 and PPS', 'negotiates the right voltage with phones, tablets, handheld consoles and laptops.'],
        ['Shared output', `when several devices are plugged in, the ${w} W is split automatically and never overloads a port.`],
        ['Safety', 'over-voltage, over-current, short-circuit and temperature protection, tested to IEC 62368-1.'],
        ['Folding prongs', 'the pins fold flat so they will not scratch a screen in your bag.'],
      ],
      specs: [['Output', `${w} W max`], ['Ports', ports.replace(/(\d)C/, '$1× USB-C ').replace(/(\d)A/, '$1× USB-A').trim()], ['Input', '100–240 V AC, 50/60 Hz'], ['Protocols', 'USB PD 3.0, PPS, QC 4+'], ['Weight', `${40 + Math.round(w * 1.1)} g`]],
      tags: ['fast-charging', 'usb-c', ...(gan ? ['gan'] : []), 'travel'],
      dollars: Math.round(w * 0.45 + rng.int(6, 14)),
      warranty: rng.pick(YEAR_WARRANTY),
    };
  } },
  'car-charger': { colours: ['Black', 'Blue'], variant: null, make(rng) {
    const w = rng.pick([30, 45, 60, 100]);
    return {
      name: `${modelName(rng)} ${w}W Dual-Port Car Charger`,
      overview: `A flush-fit ${w} W car charger with one USB-C and one USB-A port for the 12 V or 24 V socket.`,
      intro: `Plug it into the lighter socket and charge a phone and a tablet on the same trip. It sits almost flush with the dashboard, with a soft ring light so you can find the ports at night.`,
      features: [
        ['Two ports', `USB-C Power Delivery up to ${w} W and a USB-A port for older cables.`],
        ['12 V and 24 V', 'works in cars, vans and trucks.'],
        ['Metal shell', 'aluminium body that sheds heat on a sunny dashboard.'],
      ],
      specs: [['Output', `${w} W max`], ['Ports', '1× USB-C, 1× USB-A'], ['Input', '12–24 V DC'], ['Length', '52 mm']],
      tags: ['fast-charging', 'usb-c', 'travel', 'car'],
      dollars: Math.round(w * 0.3 + rng.int(5, 9)),
      warranty: rng.pick(YEAR_WARRANTY),
    };
  } },
  'wireless-charger': { colours: ['Black', 'White', 'Blue'], variant: 'Colour', make(rng) {
    const w = rng.pick([10, 15, 15, 25]);
    const form = rng.pick(['Pad', 'Stand', '3-in-1 Station']);
    return {
      name: `${modelName(rng)} ${w}W Wireless Charging ${form}`,
      overview: `A Qi2-compatible wireless charging ${form.toLowerCase()} delivering up to ${w} W.`,
      intro: `Drop your phone on it and it starts charging, no cable to hunt for at night. ${form === '3-in-1 Station' ? 'It charges a phone, earbuds and a watch at once.' : 'The magnetic ring lines the coils up every time.'} A soft-glow LED shows status and turns itself off in the dark.`,
      features: [
        ['Qi2 magnetic alignment', 'snaps into place so the coils line up and the phone stays cool.'],
        ['Case friendly', 'charges through cases up to 5 mm thick.'],
        ['Foreign object detection', 'stops charging if keys or coins land on the pad.'],
      ],
      specs: [['Output', `${w} W max`], ['Standard', 'Qi2 / Qi'], ['Input', 'USB-C, 9 V / 3 A'], ['Form', form]],
      tags: ['wireless', 'fast-charging', 'magsafe'],
      dollars: rng.int(19, form === '3-in-1 Station' ? 69 : 39),
      warranty: rng.pick(YEAR_WARRANTY),
    };
  } },
  'travel-adapter': { colours: ['White', 'Black'], variant: null, make(rng) {
    const n = rng.pick([150, 170, 200]);
    return {
      name: `${modelName(rng)} Universal Travel Adapter with USB-C`,
      overview: `One adapter for sockets in over ${n} countries, with built-in USB-C and USB-A charging.`,
      intro: `Slide out the US, UK, EU or AU pins and you are ready for the socket in front of you. The built-in USB ports charge your phone and earbuds while the main socket runs a laptop charger.`,
      features: [
        ['Four plug types', 'US, UK, EU and AU pins slide out of one body.'],
        ['Built-in charging', '1× USB-C (30 W) and 2× USB-A ports.'],
        ['Replaceable fuse', 'a spare fuse is included in the cap.'],
      ],
      specs: [['Countries', `${n}+`], ['USB output', '30 W USB-C, 2× 12 W USB-A'], ['Max load', '2,500 W at 250 V'], ['Weight', '165 g']],
      tags: ['travel', 'usb-c'],
      dollars: rng.int(24, 39),
      warranty: rng.pick(YEAR_WARRANTY),
    };
  } },
  'power-bank': { colours: ['Black', 'White', 'Blue', 'Red'], variant: 'Colour', make(rng, sub) {
    const mah = sub === 'laptop-power-banks' ? rng.pick([20000, 24000, 27650]) : sub === 'magnetic-power-banks' ? rng.pick([5000, 6000, 10000]) : rng.pick([5000, 10000, 10000, 15000]);
    const w = sub === 'laptop-power-banks' ? rng.pick([65, 100, 140]) : sub === 'magnetic-power-banks' ? 15 : rng.pick([20, 22, 30]);
    const kind = sub === 'magnetic-power-banks' ? 'Magnetic Power Bank' : 'Power Bank';
    const wh = Math.round((mah * 3.7) / 1000);
    return {
      name: `${modelName(rng)} ${mah.toLocaleString('en-US')}mAh ${w}W ${kind}`,
      overview: `${mah.toLocaleString('en-US')} mAh (${wh} Wh) ${w >= 65 ? 'laptop-class ' : ''}power bank with ${w} W USB-C Power Delivery.`,
      intro: `${mah >= 20000 ? 'Enough charge for a laptop top-up and two phone charges on a long travel day.' : mah >= 10000 ? 'About two full charges for a current phone, in a body the size of a deck of cards.' : 'A pocketable bank that adds roughly one full phone charge.'} ${sub === 'magnetic-power-banks' ? 'It snaps onto the back of a magnetic phone and charges without a cable.' : 'It recharges itself through the same USB-C port in under three hours.'}`,
      features: [
        ['Airline friendly', `${wh} Wh is ${wh <= 100 ? 'under the 100 Wh cabin limit of most airlines' : 'within the limit that airlines usually approve'}.`],
        ['Pass-through charging', 'charge the bank and your phone at the same time overnight.'],
        ['Honest capacity', 'the rated energy is printed on the case; expect about 65% of it at the phone after conversion losses.'],
        ['Battery cells', 'grade-A lithium cells with temperature monitoring on every cell.'],
      ],
      specs: [['Capacity', `${mah.toLocaleString('en-US')} mAh / ${wh} Wh`], ['Max output', `${w} W`], ['Ports', w >= 65 ? '2× USB-C, 1× USB-A' : '1× USB-C, 1× USB-A'], ['Recharge time', mah >= 20000 ? '2.5 h at 65 W' : '3 h at 20 W'], ['Weight', `${Math.round(mah / 55 + 40)} g`]],
      tags: ['power-bank', 'usb-c', 'travel', ...(w >= 20 ? ['fast-charging'] : []), ...(sub === 'magnetic-power-banks' ? ['magsafe', 'wireless'] : [])],
      dollars: Math.round(mah / 1000 * 1.6 + w * 0.25 + rng.int(4, 10)),
      warranty: rng.pick(YEAR_WARRANTY),
    };
  } },
  'solar-bank': { colours: ['Green', 'Black'], variant: null, make(rng) {
    const mah = rng.pick([10000, 20000, 26800]);
    return {
      name: `${modelName(rng)} ${mah.toLocaleString('en-US')}mAh Solar Power Bank`,
      overview: `A rugged, splash-proof ${mah.toLocaleString('en-US')} mAh power bank with a solar panel and a built-in torch.`,
      intro: `Built for campsites and power cuts. The solar panel trickle-charges the bank on a sunny day, and a full charge from a wall socket still takes only a few hours. The rubber shell shrugs off drops and rain.`,
      features: [
        ['Solar top-up', 'adds about 10% charge per sunny day; best as a backup, not a main charger.'],
        ['IP65', 'dust-tight and protected against splashes and rain.'],
        ['LED torch', 'steady and SOS modes for emergencies.'],
      ],
      specs: [['Capacity', `${mah.toLocaleString('en-US')} mAh`], ['Solar panel', '1.8 W monocrystalline'], ['Rating', 'IP65'], ['Output', '18 W USB-C, 2× USB-A']],
      tags: ['power-bank', 'outdoor', 'eco'],
      dollars: rng.int(29, 54),
      warranty: rng.pick(YEAR_WARRANTY),
    };
  } },
  cable: { colours: ['Black', 'White', 'Red', 'Blue'], variant: 'Length', make(rng, sub) {
    const type = sub === 'lightning-cables' ? 'USB-C to Lightning' : sub === 'micro-usb-cables' ? 'USB-A to Micro-USB' : sub === 'multi-head-cables' ? '3-in-1 (USB-C, Lightning, Micro-USB)' : rng.pick(['USB-C to USB-C', 'USB-C to USB-C', 'USB-A to USB-C']);
    const w = type === 'USB-C to USB-C' ? rng.pick([60, 100, 240]) : type.includes('Lightning') && !type.includes('3-in-1') ? 27 : 15;
    const len = rng.pick(['1 m', '1.2 m', '2 m', '3 m']);
    const braided = rng.chance(0.6);
    return {
      name: `${modelName(rng)} ${braided ? 'Braided ' : ''}${type.replace(/ \(.+\)/, '')} Cable ${w}W, ${len}`,
      overview: `${braided ? 'A nylon-braided' : 'A soft silicone'} ${type} cable rated for ${w} W${type === 'USB-C to USB-C' && w >= 100 ? ', e-marked for laptops' : ''}.`,
      intro: `${braided ? 'The double-braided jacket' : 'The soft silicone jacket'} survives years of being wound around a charger, and the strain reliefs are tested to 25,000 bends. ${type.includes('3-in-1') ? 'One cable charges almost anything a guest brings over.' : 'Data and charging both work, so it doubles as a sync cable.'}`,
      features: [
        ['Rated power', `${w} W${w >= 100 ? ' with an e-marker chip that tells the charger it is safe' : ''}.`],
        ['Bend tested', '25,000-bend strain reliefs at both ends.'],
        ['Data', type === 'USB-C to USB-C' ? 'USB 2.0 speed (480 Mb/s), fine for phones and backups of photos.' : 'syncs at USB 2.0 speed.'],
        ['Velcro tie', 'a reusable strap keeps it tidy in a bag.'],
      ],
      specs: [['Connectors', type], ['Length', len], ['Max power', `${w} W`], ['Jacket', braided ? 'Nylon braid' : 'Silicone']],
      tags: ['cable', ...(type.includes('USB-C') ? ['usb-c'] : []), ...(w >= 60 ? ['fast-charging'] : [])],
      dollars: rng.int(7, w >= 100 ? 24 : 16),
      warranty: '24-month warranty',
    };
  } },
  'hdmi-cable': { colours: ['Black'], variant: 'Length', make(rng) {
    const type = rng.pick(['HDMI 2.1 Ultra High Speed', 'USB-C to HDMI 4K60', 'DisplayPort 1.4', 'USB-C to DisplayPort 8K']);
    const len = rng.pick(['1 m', '2 m', '3 m']);
    return {
      name: `${modelName(rng)} ${type} Cable, ${len}`,
      overview: `${type} cable for monitors, TVs and consoles, ${len} long.`,
      intro: `Certified bandwidth means the picture you paid for: ${type.includes('8K') || type.includes('2.1') ? '4K at 120 Hz or 8K at 60 Hz' : '4K at 60 Hz'} with HDR. The thin jacket routes easily behind a desk or TV stand.`,
      features: [
        ['Bandwidth', type.includes('2.1') ? '48 Gb/s, certified Ultra High Speed.' : '32 Gb/s for 4K HDR.'],
        ['Gold-plated contacts', 'resist corrosion on connectors you rarely unplug.'],
        ['Slim jacket', '4.5 mm thick so it bends around furniture.'],
      ],
      specs: [['Type', type], ['Length', len], ['Max resolution', type.includes('8K') || type.includes('2.1') ? '8K@60Hz, 4K@120Hz' : '4K@60Hz'], ['HDR', 'HDR10, Dolby Vision']],
      tags: ['cable', 'display', ...(type.includes('USB-C') ? ['usb-c'] : [])],
      dollars: rng.int(11, 29),
      warranty: '24-month warranty',
    };
  } },
};
