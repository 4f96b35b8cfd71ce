/**
 * How the sandbox stops. Everything it starts (simulators, mail catcher, webhook receiver, api and
 * worker) lives in this one process, so ending this process frees every port; the banner prints
 * its pid for `kill`.
 *
 * - SIGTERM / SIGINT (kill, Ctrl-C): once the gateway runs, its own handler drains it and exits the
 *   process; before that there is nothing to drain, so the process exits at once. A repeated
 *   signal (Ctrl-C reaches every process of the terminal's group, and a wrapper may relay it again)
 *   must not cut the drain short, so it is only acknowledged.
 * - The parent going away: `npm run sandbox` runs this process under `sh -c`; killing npm's pid
 *   ends that shell without signalling its child, which would then hold every port with nobody to
 *   stop it. An orphaned sandbox stops itself as if sent SIGTERM.
 */
export function stopWithTheSession(o: { gatewayRunning: () => boolean; out: (line: string) => void }): void {
  let stopping = false;
  const onSignal = (signal: NodeJS.Signals) => {
    if (stopping) {
      o.out(`${signal}: already stopping (draining the gateway's jobs first)\n`);
      return;
    }
    stopping = true;
    o.out(`\n${signal}: stopping the sandbox (gateway, worker, simulators, receiver, mail catcher)\n`);
    if (!o.gatewayRunning()) process.exit(0);
  };
  process.on('SIGTERM', onSignal);
  process.on('SIGINT', onSignal);

  const parent = process.ppid;
  const watch = setInterval(() => {
    if (process.ppid === parent || stopping) return;
    clearInterval(watch);
    o.out(`the process that started the sandbox (pid ${parent}) has ended\n`);
    process.kill(process.pid, 'SIGTERM');
  }, 500);
  watch.unref();
}
