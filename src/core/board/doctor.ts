// `doctor`: what board is used and why, and every file a reader would skip.
import { readFileSync } from 'node:fs';
import { basename, relative } from 'node:path';
import { listCards } from '../cards/find.js';
import { readMessageFile } from '../messages/message.js';
import { isTempName, TEMP_SUFFIX } from '../store/atomic-write.js';
import { type Problem, walkTree } from '../store/safe-fs.js';
import { readGitInfo } from './git.js';
import type { Board } from './open-board.js';

export interface DoctorLine {
  status: 'ok' | 'FAIL' | 'info';
  check: string;
  detail: string;
}

export interface DoctorReport {
  lines: DoctorLine[];
  problems: Problem[];
  healthy: boolean;
}

/** Checks the board; never writes. */
export function diagnoseBoard(board: Board): DoctorReport {
  const lines: DoctorLine[] = [];
  const problems: Problem[] = [];
  lines.push({ status: 'info', check: 'cwd', detail: board.cwd });
  lines.push({ status: 'info', check: 'BATON_DIR', detail: board.env.BATON_DIR || '(unset)' });
  const git = readGitInfo(board.cwd);
  lines.push({
    status: 'info',
    check: 'git',
    detail: git ? `${git.root} @ ${git.rev ?? '(no commit)'}` : 'not a checkout',
  });
  if (!board.exists) {
    lines.push({
      status: 'FAIL',
      check: 'board',
      detail: `no board at ${board.root} (${board.source}) — run \`baton init\``,
    });
    return { lines, problems, healthy: false };
  }
  lines.push({
    status: 'ok',
    check: 'board',
    detail: `${board.root} (from ${describeSource(board.source)})`,
  });
  checkBoardFile(board, lines);
  let temps = 0;
  let hidden = 0;
  walkTree(board.root, (path, name, kind) => {
    const rel = relative(board.root, path);
    if (kind === 'dir') return name.endsWith('.lock');
    if (kind === 'symlink' && !rel.startsWith('cards/'))
      problems.push({ path, reason: 'is a symlink (not followed)' });
    else if (kind !== 'file') return;
    else if (path.endsWith(TEMP_SUFFIX)) temps++;
    // Readers skip hidden files (isTempName), so they are not problems either; they are only counted.
    else if (isTempName(basename(path))) hidden++;
    else if (rel.startsWith('cards/'))
      return; // the card reader checks these below
    else if (rel.startsWith('messages/') && path.endsWith('.md')) {
      const read = readMessageFile(path);
      if (!read.ok) problems.push({ path, reason: read.reason });
    } else if (path.endsWith('.json') && !rel.startsWith('state/')) {
      try {
        JSON.parse(readFileSync(path, 'utf8'));
      } catch {
        problems.push({ path, reason: 'is not valid JSON' });
      }
    }
  });
  problems.push(...listCards(board).problems);
  if (temps > 0)
    lines.push({ status: 'info', check: 'temp files', detail: `${temps} left by interrupted writes` });
  if (hidden > 0)
    lines.push({ status: 'info', check: 'hidden files', detail: `${hidden} ignored by readers` });
  lines.push(
    problems.length === 0
      ? { status: 'ok', check: 'files', detail: 'no corrupt or foreign files' }
      : {
          status: 'FAIL',
          check: 'files',
          detail: `${problems.length} file(s) skipped by readers (listed below)`,
        },
  );
  return { lines, problems, healthy: lines.every((line) => line.status !== 'FAIL') };
}

function describeSource(source: Board['source']): string {
  const names = {
    flag: '--board',
    env: 'BATON_DIR',
    walk: 'nearest .baton above cwd',
    global: '~/.baton',
    fallback: 'cwd',
  };
  return names[source];
}

function checkBoardFile(board: Board, lines: DoctorLine[]): void {
  try {
    const info = JSON.parse(readFileSync(`${board.root}/board.json`, 'utf8')) as { version?: unknown };
    lines.push({ status: 'ok', check: 'board.json', detail: `version ${String(info.version)}` });
  } catch {
    lines.push({
      status: 'info',
      check: 'board.json',
      detail: 'missing or unreadable (recreated on the next write)',
    });
  }
}
