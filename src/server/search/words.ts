import { sql } from 'drizzle-orm';
import { queryRows, type Tx } from '@/server/db/client';

/** At most this many words of a search are read; the rest is ignored. */
export const MAX_WORDS = 8;

/** A search read against the catalogue's dictionary. */
export interface ReadWords {
  /** Normalised words as typed (`search_normalize`: "USB-C 65 W" → usbc, 65w). */
  words: string[];
  /** The same words, each misspelt one replaced by the closest dictionary word. */
  corrected: string[];
}

/**
 * Normalises the text (the same SQL function that builds the documents) and corrects each word that
 * is neither a dictionary word nor the start of one, through the trigram index of `search_words`.
 * Words with digits and words under three characters are never corrected ("65w", "3").
 */
export async function readWords(db: Tx, text: string): Promise<ReadWords> {
  const rows = await queryRows<{ word: string; fix: string | null }>(
    db,
    sql`with typed as (
          select w, ord from unnest(string_to_array(search_normalize(${text}), ' ')) with ordinality as t(w, ord)
          where w <> '' order by ord limit ${MAX_WORDS}
        )
        select w as word,
          case when w ~ '[0-9]' or length(w) < 3
            or exists (select 1 from search_words d where d.word = w)
            or exists (select 1 from search_words d where left(d.word, length(w)) = w)
          then null
          else (select d.word from search_words d where d.word % w
                order by similarity(d.word, w) desc, d.products desc, d.word limit 1)
          end as fix
        from typed order by ord`,
  );
  return { words: rows.map((r) => r.word), corrected: rows.map((r) => r.fix ?? r.word) };
}

/** Whether correction changed anything. */
export const wasCorrected = (r: ReadWords) => r.corrected.some((w, i) => w !== r.words[i]);

/** A prefix tsquery over the words ("char cab" → char:* & cab:*), built by PostgreSQL from quoted lexemes. */
export function prefixQuery(words: string[]) {
  if (!words.length) return sql`''::tsquery`;
  const parts = words.map((w) => sql`to_tsquery('english', ${quoteLexeme(w)} || ':*')`);
  return sql.join(parts, sql` && `);
}

/** A lexeme quoted for to_tsquery, so no typed character can be read as an operator. */
const quoteLexeme = (w: string) => `'${w.replace(/\\/g, '\\\\').replace(/'/g, "''")}'`;
