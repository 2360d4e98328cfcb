import fs from 'node:fs';
import path from 'node:path';
import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import { COLUMNS, SECTIONS, type Catalog, type Section } from '@/server/ops/catalog-rows';

/** One row as read from a file, not validated yet, with where it came from ("products.csv line 7"). */
export interface RawRow {
  section: Section;
  where: string;
  value: unknown;
}

/** A file problem that is not about one row (unreadable file, unknown column); reported like row errors. */
export class CatalogFileError extends Error {
  override name = 'CatalogFileError';
  constructor(readonly problems: string[]) {
    super(problems.join('\n'));
  }
}

const sections = Object.keys(SECTIONS) as Section[];

/** A `.json` path is one JSON file; any other path is a folder with one CSV per section (`products.csv`, …). */
export const isJsonPath = (p: string) => p.toLowerCase().endsWith('.json');

/** Reads a catalogue file or folder into raw rows; which sections it holds (absent ones are left alone on import). */
export function readCatalog(from: string): { rows: RawRow[]; present: Set<Section> } {
  if (!fs.existsSync(from)) throw new CatalogFileError([`${from} does not exist.`]);
  return isJsonPath(from) ? readJson(from) : readCsvFolder(from);
}

function readJson(file: string) {
  let data: unknown;
  try {
    data = JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch (err) {
    throw new CatalogFileError([`${path.basename(file)}: not valid JSON (${(err as Error).message}).`]);
  }
  if (!data || typeof data !== 'object' || Array.isArray(data))
    throw new CatalogFileError([`${path.basename(file)}: must be an object with ${sections.join(', ')}.`]);
  const rows: RawRow[] = [];
  const present = new Set<Section>();
  const problems: string[] = [];
  for (const [key, value] of Object.entries(data)) {
    if (key === 'format' || key === 'version') continue;
    if (!sections.includes(key as Section)) {
      problems.push(`${path.basename(file)}: unknown section "${key}" (known: ${sections.join(', ')}).`);
      continue;
    }
    if (!Array.isArray(value)) {
      problems.push(`${path.basename(file)}: "${key}" must be a list.`);
      continue;
    }
    present.add(key as Section);
    value.forEach((v, i) => rows.push({ section: key as Section, where: `${key}[${i}]`, value: v }));
  }
  if (problems.length) throw new CatalogFileError(problems);
  return { rows, present };
}

function readCsvFolder(dir: string) {
  if (!fs.statSync(dir).isDirectory()) throw new CatalogFileError([`${dir}: give a .json file or a folder of CSV files.`]);
  const rows: RawRow[] = [];
  const present = new Set<Section>();
  const problems: string[] = [];
  for (const section of sections) {
    const name = `${section}.csv`;
    const file = path.join(dir, name);
    if (!fs.existsSync(file)) continue;
    present.add(section);
    try {
      rows.push(...readCsvText(section, name, fs.readFileSync(file)));
    } catch (err) {
      if (!(err instanceof CatalogFileError)) throw err;
      problems.push(...err.problems);
    }
  }
  if (!present.size) problems.push(`${dir}: no catalogue CSV files in it (${sections.map((s) => `${s}.csv`).join(', ')}).`);
  if (problems.length) throw new CatalogFileError(problems);
  return { rows, present };
}

/**
 * The rows of one section's CSV (a file of the folder, or one uploaded in the back office), each with where it came
 * from ("products.csv line 7"); an unreadable file or an unknown column is a CatalogFileError naming the file.
 */
export function readCsvText(section: Section, name: string, bytes: Buffer | string): RawRow[] {
  let records: { info: { lines: number }; record: Record<string, string> }[];
  let header: string[] | undefined;
  try {
    records = parse(bytes, { columns: true, bom: true, info: true, skip_empty_lines: true, trim: false });
    header = (parse(bytes, { bom: true, to_line: 1 }) as string[][])[0];
  } catch (err) {
    throw new CatalogFileError([`${name}: ${(err as Error).message}`]);
  }
  const unknown = (header ?? []).filter((c) => !COLUMNS[section].includes(c));
  if (unknown.length)
    throw new CatalogFileError([
      `${name} line 1: unknown column${unknown.length > 1 ? 's' : ''} ${unknown.join(', ')} (known: ${COLUMNS[section].join(', ')}).`,
    ]);
  return records.map(({ info, record }) => ({ section, where: `${name} line ${info.lines}`, value: record }));
}

/** Writes a catalogue as one JSON file or a folder of CSV files (lists joined by `|`, attributes as name=value). */
export function writeCatalog(to: string, catalog: Catalog): void {
  if (isJsonPath(to)) {
    fs.mkdirSync(path.dirname(path.resolve(to)), { recursive: true });
    fs.writeFileSync(to, JSON.stringify({ format: 'voltmart-catalog', version: 1, ...catalog }, null, 2) + '\n');
    return;
  }
  fs.mkdirSync(to, { recursive: true });
  for (const section of sections) fs.writeFileSync(path.join(to, `${section}.csv`), sectionCsv(section, catalog[section]));
}

/** One section's rows as the catalogue's CSV (a header row; lists joined with `|`), as `catalog:import` reads it. */
export function sectionCsv<S extends Section>(section: S, rows: Catalog[S]): string {
  const records = (rows as unknown as Record<string, unknown>[]).map((row) => COLUMNS[section].map((column) => cell(row[column])));
  return stringify([COLUMNS[section], ...records]);
}

/** A value as its CSV cell: lists joined by `|`, attributes as name=value, nothing as ''. */
export function cell(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (Array.isArray(value)) return value.join('|');
  if (typeof value === 'object')
    return Object.entries(value)
      .map(([k, v]) => `${k}=${String(v)}`)
      .join('|');
  return String(value);
}
