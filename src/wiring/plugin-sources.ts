// STUB until src/wiring/plugins/{opencode,pi}.ts land (written by another engineer): the opencode plugin's and the
// pi extension's file texts, with the baton command embedded. Replace these bodies with re-exports of theirs.

/** The text of .opencode/plugin/baton.js. */
export function opencodePluginSource(baton: string[]): string {
  return `// baton plugin for opencode (placeholder until the plugin lands)\nexport const BATON = ${JSON.stringify(baton)};\nexport const BatonPlugin = async () => ({});\n`;
}

/** The text of .pi/extensions/baton.ts. */
export function piExtensionSource(baton: string[]): string {
  return `// baton extension for pi (placeholder until the extension lands)\nconst BATON = ${JSON.stringify(baton)};\nexport default function baton(_pi: unknown): void {\n  void BATON;\n}\n`;
}
