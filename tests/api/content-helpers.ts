import { readdirSync, existsSync } from 'node:fs';
import path from 'node:path';
import { expect } from 'vitest';
import type { Storage } from '../../src/server/storage';
import { multipartBody, snapshotCounts, type DemoUser, type TestApp } from './helpers';

/** Every stored upload as `folder/name` (sorted), on disk or in a bucket. */
export const storedNames = async (storage: Storage) => (await storage.list()).map((f) => `${f.folder}/${f.name}`).sort();

/** Files in one upload folder (sorted), to prove a refused upload wrote nothing. */
export function folderListing(t: TestApp, folder: string): string[] {
  const dir = path.join(t.config.uploadsDir, folder);
  return existsSync(dir) ? readdirSync(dir).sort() : [];
}

export function fileExists(t: TestApp, folder: string, name: string): boolean {
  return existsSync(path.join(t.config.uploadsDir, folder, path.basename(name)));
}

/** A multipart request through app.inject. */
export function sendForm(
  t: TestApp,
  method: string,
  url: string,
  as: DemoUser | undefined,
  fields: Record<string, string | number | boolean>,
  files: Record<string, { name: string; data: Buffer; type?: string }> = {},
) {
  const { payload, headers } = multipartBody(fields, files);
  return t.call(method, url, { as, body: payload, headers });
}

/** Runs a request that must be refused and checks that no row and no upload changed. */
export async function expectRefused(
  t: TestApp,
  run: () => Promise<{ statusCode: number; json(): unknown }>,
  status: number,
  msg?: string,
  folders: string[] = [],
) {
  const before = await snapshotCounts(t.database);
  const files = folders.map((f) => folderListing(t, f));
  const r = await run();
  expect(r.statusCode).toBe(status);
  const body = r.json() as { msg: string; code: string };
  expect(body.code).toEqual(expect.any(String));
  if (msg !== undefined) expect(body.msg).toBe(msg);
  expect(await snapshotCounts(t.database)).toEqual(before);
  expect(folders.map((f) => folderListing(t, f))).toEqual(files);
  return body;
}

export async function scalar(t: TestApp, sqlText: string, params: unknown[] = []): Promise<number> {
  const r = await t.database.raw(sqlText, params);
  return Number(Object.values(r.rows[0] ?? {})[0]);
}
