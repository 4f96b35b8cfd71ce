import { main } from '../api/main';

/** Worker-only entry (ROLE=worker). */
if (require.main === module) {
  main('worker').catch((err: unknown) => {
    process.stderr.write(`fatal: ${err instanceof Error ? err.stack : String(err)}\n`);
    process.exit(1);
  });
}
