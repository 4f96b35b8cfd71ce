/** The per-file lifecycle of the test world (test/world/per-file.ts), under the name existing test files import. */
export { worldPerFile } from '../world/per-file';
