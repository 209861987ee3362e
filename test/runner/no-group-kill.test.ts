import { expect, it } from 'vitest';

it('a test that signals pid 0 or -1 gets an error, not the whole run killed; other pids still get their signal', () => {
  expect(() => process.kill(0, 'SIGKILL')).toThrow(
    'a test sent SIGKILL to pid 0: that signals the test runner itself',
  );
  expect(() => process.kill(-1, 'SIGTERM')).toThrow('pid -1');
  expect(process.kill(process.pid, 0)).toBe(true);
});
