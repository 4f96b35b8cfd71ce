/** The app piece of the test world (test/world/app.ts), under the name ~100 test files import. */
export { freePort, http, startLinkedTestApp, startTestApp, uniquePrefix, type JsonResponse, type TestApp } from '../world/app';
