/** Countries with their states, as `listCountriesAndPhones` returns them. */
export interface Places {
  countries: { code: string; name: string; phone_code: string; states: { code: string; name: string }[] }[];
}

/** "Kabul, Afghanistan" from codes, falling back to the codes themselves. */
export function placeName(places: Places, country: string, state: string): { country: string; state: string } {
  const c = places.countries.find((x) => x.code === country);
  return { country: c?.name ?? country, state: c?.states.find((s) => s.code === state)?.name ?? state };
}
