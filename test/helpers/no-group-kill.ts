// Every test file: a signal sent to pid 0 or -1 (the test runner's own process group, or every process it may
// signal) would end the whole run, CI included, with no test to blame. Such a call throws instead. A pid read
// from a half-written file reads as 0; this is where that mistake stops.
const kill = process.kill.bind(process);

process.kill = ((pid: number, signal?: string | number): true => {
  if (pid === 0 || pid === -1 || pid === -process.pid) {
    throw new Error(
      `a test sent ${String(signal ?? 'SIGTERM')} to pid ${pid}: that signals the test runner itself`,
    );
  }
  return kill(pid, signal);
}) as typeof process.kill;
