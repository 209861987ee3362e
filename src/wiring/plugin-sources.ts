// The opencode plugin's and the pi extension's file texts (with the baton command embedded), from the files that
// write them. pi: a STUB until src/wiring/plugins/pi.ts lands — then re-export its piExtensionSource here.
export { opencodePluginSource } from './plugins/opencode.js';

/** The text of .pi/extensions/baton.ts (placeholder: an extension that does nothing yet). */
export function piExtensionSource(baton: string[]): string {
  return `// baton extension for pi (placeholder until the extension lands)\nconst BATON = ${JSON.stringify(baton)};\nexport default function baton(_pi: unknown): void {\n  void BATON;\n}\n`;
}
