// A process's own peak resident memory (KB), as an expression run in it at exit: Linux's VmHWM, the high-water mark
// of its own memory since it started. getrusage's maxRSS is not: Linux carries the spawning process's peak across
// exec, so in a full `npm run bench` (the bench process past 100 MB by then) every child read that instead.
export const OWN_PEAK_KB =
  "(() => { try { return Number(/VmHWM:\\s*(\\d+)/.exec(require('fs').readFileSync('/proc/self/status', 'utf8'))[1]); } catch { return process.resourceUsage().maxRSS; } })()";
