// How Codex reports tool calls: JSON arguments, shell command lines, outputs (plain, unified exec's header, or the
// JSON some versions wrap them in) and their exit codes, and the files an apply_patch body names.
import type { FileAction } from '../../core/transcripts/digest.js';
import { contentText, isObject, str } from '../../core/transcripts/text.js';

export interface PatchFile {
  path: string;
  action: FileAction;
}

/** The files a patch body (`*** Add File: …`, `*** Update File: …`, `*** Delete File: …`, `*** Move to: …`) names. */
export function patchFiles(input: string): PatchFile[] {
  const files: PatchFile[] = [];
  for (const match of input.matchAll(/^\*\*\* (Add|Update|Delete) File: (.+)$|^\*\*\* Move to: (.+)$/gm)) {
    if (files.length >= 100) break;
    if (match[3] !== undefined) files.push({ path: match[3].trim(), action: 'moved' });
    else {
      const action = match[1] === 'Add' ? 'created' : match[1] === 'Delete' ? 'deleted' : 'edited';
      files.push({ path: match[2]!.trim(), action });
    }
  }
  return files;
}

export function parseArguments(value: unknown): Record<string, unknown> {
  if (isObject(value)) return value;
  if (typeof value !== 'string') return {};
  try {
    const parsed: unknown = JSON.parse(value);
    return isObject(parsed) ? parsed : {};
  } catch {
    return {};
  }
}

/** A command as the shell ran it: `["bash", "-lc", "npm test"]` is `npm test`. */
export function commandLine(command: unknown): string {
  if (typeof command === 'string') return command;
  if (!Array.isArray(command)) return '';
  const parts = command.filter((part): part is string => typeof part === 'string');
  if (parts.length >= 3 && (parts[1] === '-lc' || parts[1] === '-c')) return parts.slice(2).join(' ');
  return parts.join(' ');
}

export function outputText(output: unknown): string {
  if (typeof output === 'string') return output;
  if (isObject(output)) return str(output.content) ?? contentText(output.content);
  return contentText(output);
}

/**
 * The exit code a tool output reports: unified exec's `Process exited with code N`, the `Exit code: N` header of a
 * freeform tool's output (apply_patch, Codex 0.171), or the JSON some versions wrap outputs in
 * (`{"output": …, "metadata": {"exit_code": N}}`).
 */
export function exitCodeOf(output: unknown, text = outputText(output)): number | undefined {
  const exited = /Process exited with code (-?\d+)|^Exit code: (-?\d+)$/m.exec(text.slice(0, 1000));
  if (exited) return Number(exited[1] ?? exited[2]);
  if (!text.trimStart().startsWith('{')) return undefined;
  try {
    const parsed: unknown = JSON.parse(text);
    if (isObject(parsed) && isObject(parsed.metadata) && typeof parsed.metadata.exit_code === 'number') {
      return parsed.metadata.exit_code;
    }
  } catch {
    // Not JSON after all: plain output that starts with a brace.
  }
  return undefined;
}

// Unified exec prefixes output with a header (chunk id, wall time, exit code) ending in `Output:`.
export function afterOutputMarker(text: string): string {
  const at = text.indexOf('\nOutput:\n');
  if (at !== -1 && at < 1000) return text.slice(at + 9);
  if (text.trimStart().startsWith('{')) {
    try {
      const parsed: unknown = JSON.parse(text);
      if (isObject(parsed) && typeof parsed.output === 'string') return parsed.output;
    } catch {
      // Plain output.
    }
  }
  return text;
}
