// The opencode plugin's and the pi extension's file texts (with the baton command embedded), from the modules that
// write them (src/wiring/plugins/), in one place for the harness wirings.
export { opencodePluginSource } from './plugins/opencode.js';
export { piExtensionSource } from './plugins/pi.js';
