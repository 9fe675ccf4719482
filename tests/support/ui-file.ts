/**
 * The built app in Chromium and the local backend for one browser test file: a file calls
 * `startAppAndBackendForFile()` once at its top level, and both start together before its tests and
 * close after them. `app` and `backend` are live bindings, set once the file's `beforeAll` has run
 * (each test file imports its own copy of this module; files in one worker run one after another).
 */
import { afterAll, beforeAll } from 'vitest';
import type { LocalBackend } from './backend';
import { type AppUnderTest, startApp } from './browser';
import { startUiBackend } from './ui-backend';

export let app: AppUnderTest;
export let backend: LocalBackend;

export function startAppAndBackendForFile(): void {
  beforeAll(async () => {
    [app, backend] = await Promise.all([startApp(), startUiBackend()]);
  });
  afterAll(async () => {
    await app?.close();
    await backend?.close();
  });
}
