/**
 * Whether a language has every English key with the same placeholders. Plural keys compare by their
 * base (`reviews_one`/`_other` in English, `_zero`…`_other` in Arabic): a language needs its own
 * `_other` form of each. Used by the unit test and `npm run i18n:missing`.
 */
type Tree = Record<string, unknown>;

const PLURAL = /_(zero|one|two|few|many|other)$/;

function flatten(trees: Tree[]): Map<string, string> {
  const out = new Map<string, string>();
  const walk = (node: Tree, prefix: string) => {
    for (const [k, v] of Object.entries(node)) {
      const key = prefix ? `${prefix}.${k}` : k;
      if (v && typeof v === 'object') walk(v as Tree, key);
      else if (typeof v === 'string') out.set(key, v);
    }
  };
  for (const tree of trees) walk(tree, '');
  return out;
}

const placeholdersOf = (text: string) => [...new Set([...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]))].sort().join(',');

/** The English keys `other` lacks and the keys whose placeholders differ (count may be left out of plural forms). */
export function compareMessages(english: Tree[], other: Tree[]): { missing: string[]; placeholders: string[] } {
  const en = flatten(english);
  const them = flatten(other);
  const missing: string[] = [];
  const placeholders: string[] = [];
  const checked = new Set<string>();
  for (const [key, text] of en) {
    const base = key.replace(PLURAL, '');
    if (checked.has(base)) continue;
    checked.add(base);
    const plural = base !== key;
    const theirs: [string, string][] = plural
      ? [...them].filter(([k]) => k.replace(PLURAL, '') === base && PLURAL.test(k))
      : them.has(key)
        ? [[key, them.get(key)!]]
        : [];
    if (!theirs.length || (plural && !them.has(`${base}_other`))) {
      missing.push(base);
      continue;
    }
    if (!plural) {
      if (placeholdersOf(theirs[0]![1]) !== placeholdersOf(text)) placeholders.push(key);
      continue;
    }
    // Plural forms: each form uses only placeholders some English form uses; `_other` keeps all of English `_other`'s but count.
    const ours = [...en].filter(([k]) => k.replace(PLURAL, '') === base && PLURAL.test(k));
    const allowed = new Set(ours.flatMap(([, t]) => placeholdersOf(t).split(',')));
    const needed = placeholdersOf(en.get(`${base}_other`) ?? text)
      .split(',')
      .filter((n) => n && n !== 'count');
    const other = placeholdersOf(them.get(`${base}_other`)!).split(',');
    const extra = theirs.some(([, t]) =>
      placeholdersOf(t)
        .split(',')
        .some((n) => n && !allowed.has(n)),
    );
    if (extra || needed.some((n) => !other.includes(n))) placeholders.push(base);
  }
  return { missing, placeholders };
}
