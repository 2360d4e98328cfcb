// Vitest global setup for the integration project: migrate ONE template database per run, then every
// test file starts from a copy of it (tests/setup/db.ts) instead of creating and migrating its own.
// PGlite: a dumpDataDir() tarball on disk (loading it skips initdb and the migrations).
// PostgreSQL: a migrated database that each file clones with CREATE DATABASE … TEMPLATE.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import postgres from 'postgres';
import type { TestProject } from 'vitest/node';
import { migrateDatabase, openDatabase } from '@/server/db/client';
import { PG_ADMIN_URL, TEST_DB } from './test-db';

declare module 'vitest' {
  export interface ProvidedContext {
    /** PGlite: path of the migrated data-directory tarball. PostgreSQL: name of the template database. */
    dbTemplate: string;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const tag = `${process.pid}_${Date.now().toString(36)}`;
  if (TEST_DB === 'pglite') {
    const file = path.join(os.tmpdir(), `voltmart-template-${tag}.tar`);
    const database = await openDatabase({ dataDir: 'memory://' });
    await migrateDatabase(database);
    const client = (database.db as unknown as { $client: { dumpDataDir(c: 'none'): Promise<Blob> } }).$client;
    fs.writeFileSync(file, Buffer.from(await (await client.dumpDataDir('none')).arrayBuffer()));
    await database.close();
    project.provide('dbTemplate', file);
    return async () => fs.rmSync(file, { force: true });
  }
  const name = `voltmart_template_${tag}`;
  const admin = postgres(PG_ADMIN_URL, { max: 1, onnotice: () => {} });
  try {
    await admin.unsafe(`create database ${name}`);
  } catch (err) {
    await admin.end();
    throw new Error(`TEST_DB=postgres but PostgreSQL at ${PG_ADMIN_URL} could not be used: ${(err as Error).message}`);
  }
  const database = await openDatabase({ url: PG_ADMIN_URL.replace(/\/[^/]*$/, `/${name}`), pool: 2 });
  await migrateDatabase(database);
  // No session may stay connected to a template while it is copied.
  await database.close();
  project.provide('dbTemplate', name);
  return async () => {
    await admin.unsafe(`drop database if exists ${name} with (force)`);
    await admin.end();
  };
}
