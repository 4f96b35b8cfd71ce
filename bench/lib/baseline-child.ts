/** Child-process entry for the baseline proxy: argv <tiktok base URL> <token>; reports its URL over IPC. */
import { startBaseline } from './baseline';

async function main(): Promise<void> {
  const [baseUrl, token] = process.argv.slice(2);
  if (!baseUrl || !token) throw new Error('usage: baseline-child <tiktokBaseUrl> <token>');
  const running = await startBaseline(baseUrl, token);
  process.send?.({ url: running.url });
  process.on('disconnect', () => process.exit(0));
  process.once('SIGTERM', () => void running.close().then(() => process.exit(0)));
}

main().catch((err: unknown) => {
  process.stderr.write(`baseline child: ${err instanceof Error ? err.stack : String(err)}\n`);
  process.exit(1);
});
