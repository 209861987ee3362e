// The files a tool call writes, found in its input: every harness names the path its own way, and Codex's
// apply_patch carries them in the patch text. Small on purpose: the hooks' quiet check runs it on every tool call.

/**
 * Tools that write files, by name (any case), in every harness baton wires (Claude, Codex, Gemini CLI, opencode, pi, GitHub
 * Copilot CLI's `create` and `edit`, Qwen Code's `write_file` and `edit`, Grok Build's `search_replace`, Antigravity's
 * `write_to_file`, `replace_file_content` and `multi_replace_file_content`, whose path is `TargetFile`).
 */
export const WRITING_TOOLS = [
  'write',
  'edit',
  'multiedit',
  'notebookedit',
  'apply_patch',
  'applypatch',
  'patch',
  'replace',
  'write_file',
  'str_replace*',
  'create_file',
  'create',
  'search_replace',
  'write_to_file',
  'replace_file_content',
  'multi_replace_file_content',
] as const;
// Any case; a trailing `*` is any letters, digits or `_` after it.
const WRITING_TOOL = new RegExp(
  `^(?:${WRITING_TOOLS.map((name) => name.replace(/\*$/, '\\w*')).join('|')})$`,
  'i',
);
const PATH_KEYS = ['file_path', 'filePath', 'path', 'notebook_path', 'absolute_path', 'TargetFile'];
const PATCH_FILE = /^\*\*\* (?:Add|Update|Delete) File: (.+)$|^\*\*\* Move to: (.+)$/gm;
const MAX_PATHS = 50;

/** The paths a tool call writes (as given, relative or absolute), or none for a tool that does not write files. */
export function writtenPaths(
  toolName: string | undefined,
  input: Record<string, unknown> | undefined,
): string[] {
  if (!toolName || !input || !WRITING_TOOL.test(toolName)) return [];
  const paths = new Set<string>();
  for (const key of PATH_KEYS) {
    const value = input[key];
    if (typeof value === 'string') paths.add(value);
  }
  for (const value of Object.values(input)) {
    if (typeof value !== 'string' || !value.includes('*** Begin Patch')) continue;
    for (const match of value.matchAll(PATCH_FILE)) paths.add((match[1] ?? match[2] ?? '').trim());
  }
  return [...paths]
    .filter((path) => path !== '' && !path.includes('\0') && path.length <= 4096) // PATH_MAX, as touched.ts refuses longer
    .slice(0, MAX_PATHS);
}
