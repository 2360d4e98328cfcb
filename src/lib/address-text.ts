/** How an address reads as text, the same on every page and in mails (never "Austin, Texas78701"). */
export interface AddressParts {
  name?: string | null;
  address_1?: string | null;
  address_2?: string | null;
  city?: string | null;
  state?: string | null;
  zip?: string | null;
  country?: string | null;
}

const clean = (v: string | null | undefined) => (v ?? '').trim();

/** "Austin, Texas 78701": the city, the state after a comma, the postcode after a space. */
export function cityLine(a: Pick<AddressParts, 'city' | 'state' | 'zip'>): string {
  const place = [clean(a.city), clean(a.state)].filter(Boolean).join(', ');
  return [place, clean(a.zip)].filter(Boolean).join(' ');
}

/** The address's lines: street, city line, country (empty parts left out). */
export function addressLines(a: AddressParts): string[] {
  return [[clean(a.address_1), clean(a.address_2)].filter(Boolean).join(', '), cityLine(a), clean(a.country)].filter(Boolean);
}

/** One line: "Ada, 1 Main St, Austin, TX 78701, US". */
export function addressOneLine(a: AddressParts): string {
  return [clean(a.name), ...addressLines(a)].filter(Boolean).join(', ');
}
