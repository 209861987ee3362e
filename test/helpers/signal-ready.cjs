// Preloaded (`node --require`) into a baton a test is about to signal: each listener the process adds for SIGINT or
// SIGTERM appends that signal's name to the file $BATON_TEST_SIGNAL_READY names. A command that prints nothing while
// it waits (a send reading a stdin that never ends) gives no other sign that its handler is in place; a signal sent
// before then meets Node's default and says nothing about baton. It only observes: the listener is added as asked.
const { appendFileSync } = require('node:fs');

const file = process.env.BATON_TEST_SIGNAL_READY;
if (file) {
  for (const method of ['on', 'addListener', 'once', 'prependListener', 'prependOnceListener']) {
    const original = process[method];
    process[method] = function observed(event, listener) {
      const result = original.call(this, event, listener);
      if (event === 'SIGINT' || event === 'SIGTERM') appendFileSync(file, `${event}\n`);
      return result;
    };
  }
}
