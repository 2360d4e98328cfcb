// Vitest global setup for the integration project: migrate ONE template database per run, then every
// test file starts from a copy of it (tests/setup/db.ts) instead of creating and migrating its own.
// A second template holds the same database with the demo shop loaded (seedDemoIfEmpty), for the files
// that start from the demo shop (useTestDatabase({ demo: true })) instead of loading it each.
// PGlite: dumpDataDir() tarballs on disk (loading one skips initdb, the migrations and the seed).
// PostgreSQL: databases that each file clones with CREATE DATABASE … TEMPLATE.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import postgres from 'postgres';
import type { TestProject } from 'vitest/node';
import { migrateDatabase, openDatabase, type Database } from '@/server/db/client';
import { seedDemoIfEmpty } from '@/server/demo';
import { ensureDemoAccounts } from '@/server/demo/accounts';
import { PG_ADMIN_URL, TEST_DB } from './test-db';

declare module 'vitest' {
  export interface ProvidedContext {
    /** PGlite: path of the migrated data-directory tarball. PostgreSQL: name of the template database. */
    dbTemplate: string;
    /** The same, with the demo shop loaded. */
    dbDemoTemplate: string;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const tag = `${process.pid}_${Date.now().toString(36)}`;
  if (TEST_DB === 'pglite') {
    const file = path.join(os.tmpdir(), `voltmart-template-${tag}.tar`);
    const demoFile = path.join(os.tmpdir(), `voltmart-template-demo-${tag}.tar`);
    const database = await openDatabase({ dataDir: 'memory://' });
    const dump = async (to: string) => {
      const client = (database.db as unknown as { $client: { dumpDataDir(c: 'none'): Promise<Blob> } }).$client;
      fs.writeFileSync(to, Buffer.from(await (await client.dumpDataDir('none')).arrayBuffer()));
    };
    await migrateDatabase(database);
    await dump(file);
    await seedDemo(database);
    await dump(demoFile);
    await database.close();
    project.provide('dbTemplate', file);
    project.provide('dbDemoTemplate', demoFile);
    return async () => {
      fs.rmSync(file, { force: true });
      fs.rmSync(demoFile, { force: true });
    };
  }
  const name = `voltmart_template_${tag}`;
  const admin = postgres(PG_ADMIN_URL, { max: 1, onnotice: () => {} });
  try {
    await admin.unsafe(`create database ${name}`);
  } catch (err) {
    await admin.end();
    throw new Error(`TEST_DB=postgres but PostgreSQL at ${PG_ADMIN_URL} could not be used: ${(err as Error).message}`);
  }
  const demoName = `voltmart_template_demo_${tag}`;
  const urlOf = (db: string) => PG_ADMIN_URL.replace(/\/[^/]*$/, `/${db}`);
  const database = await openDatabase({ url: urlOf(name), pool: 2 });
  await migrateDatabase(database);
  // No session may stay connected to a template while it is copied.
  await database.close();
  await admin.unsafe(`create database ${demoName} template ${name}`);
  const demo = await openDatabase({ url: urlOf(demoName), pool: 2 });
  await seedDemo(demo);
  await demo.close();
  project.provide('dbTemplate', name);
  project.provide('dbDemoTemplate', demoName);
  return async () => {
    await admin.unsafe(`drop database if exists ${name} with (force)`);
    await admin.unsafe(`drop database if exists ${demoName} with (force)`);
    await admin.end();
  };
}

/** Loads the demo shop, as the files that start from it did each in their first beforeAll. */
async function seedDemo(database: Database): Promise<void> {
  if (!(await seedDemoIfEmpty(database.db))) throw new Error('the demo template was not empty');
  // The demo's back-office accounts, as `npm start` makes them.
  if (!(await ensureDemoAccounts(database.db)).length) throw new Error('the demo template got no back-office accounts');
}
