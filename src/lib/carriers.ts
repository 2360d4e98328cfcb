/**
 * The carriers a shipment may go with, and the tracking link each one's number makes. A fixed list: the
 * operator picks one; "other" has no link (the number is shown alone). Pure, so pages and schemas share it.
 */
export const CARRIERS = {
  dhl: { name: 'DHL', url: 'https://www.dhl.com/global-en/home/tracking/tracking-express.html?submit=1&tracking-id={n}' },
  fedex: { name: 'FedEx', url: 'https://www.fedex.com/fedextrack/?trknbr={n}' },
  ups: { name: 'UPS', url: 'https://www.ups.com/track?tracknum={n}' },
  aramex: { name: 'Aramex', url: 'https://www.aramex.com/us/en/track/results?ShipmentNumber={n}' },
  usps: { name: 'USPS', url: 'https://tools.usps.com/go/TrackConfirmAction?tLabels={n}' },
  other: { name: '', url: null },
} as const satisfies Record<string, { name: string; url: string | null }>;

export type Carrier = keyof typeof CARRIERS;
export const CARRIER_IDS = Object.keys(CARRIERS) as Carrier[];

export const isCarrier = (c: string): c is Carrier => Object.hasOwn(CARRIERS, c);

/** The carrier's tracking page for this number, or null (no number, or a carrier without a link). */
export function trackingUrl(carrier: string, trackingNumber: string): string | null {
  const number = trackingNumber.trim();
  if (!number || !isCarrier(carrier)) return null;
  const template = CARRIERS[carrier].url;
  return template ? template.replace('{n}', encodeURIComponent(number)) : null;
}

/** A carrier's name as a person reads it ("other" is translated, the brands are names). */
export const carrierName = (t: (key: string) => string, carrier: string): string =>
  isCarrier(carrier) && CARRIERS[carrier].name ? CARRIERS[carrier].name : t('backoffice.shipments.carrierOther');
