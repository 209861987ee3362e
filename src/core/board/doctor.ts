// `doctor`: what board is used and why, and every file a reader would skip (each reader reports its own, plus every
// link, FIFO or device anywhere in the board). Never writes, never follows a link, never blocks.
import { decideAgent } from '../agents/claims.js';
import { listAgents } from '../agents/registry.js';
import { listCards } from '../cards/find.js';
import { listMessages } from '../messages/read.js';
import { listNotes, listProjects } from '../notes/read.js';
import { listPendingProblems } from '../pending/pending.js';
import { listSessions } from '../sessions/live.js';
import { projectIdentityOf } from '../sessions/project.js';
import { projectAliases } from '../sessions/project-aliases.js';
import { boundAgent, type SessionRecord } from '../sessions/session.js';
import { isBatonTempName, isTempName } from '../store/atomic-write.js';
import { LOCK_SUFFIX } from '../store/lock.js';
import { readTextFile } from '../store/read-file.js';
import { type Problem, SYMLINK_REASON, walkTree } from '../store/safe-fs.js';
import { loadSettings } from './config.js';
import { readGitInfo } from './git.js';
import { hookErrors } from './hook-log.js';
import { type Board, boardPath } from './open-board.js';

/** One check of {@link diagnoseBoard}, as `baton doctor` prints it. */
export interface DoctorLine {
  status: 'ok' | 'FAIL' | 'info';
  check: string;
  detail: string;
}

/**
 * What {@link diagnoseBoard} found: its checks, the files it could not read, and whether the board is
 * healthy.
 */
export interface DoctorReport {
  lines: DoctorLine[];
  problems: Problem[];
  healthy: boolean;
}

/** Checks the board; never writes. */
export function diagnoseBoard(board: Board): DoctorReport {
  const lines: DoctorLine[] = [];
  lines.push({ status: 'info', check: 'cwd', detail: board.cwd });
  lines.push({ status: 'info', check: 'BATON_DIR', detail: board.env.BATON_DIR || '(unset)' });
  lines.push(identityLine(board));
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
      detail: board.problem ?? `no board at ${board.root} (${board.source}) — run \`baton init\``,
    });
    return { lines, problems: [], healthy: false };
  }
  lines.push({
    status: 'ok',
    check: 'board',
    detail: `${board.root} (from ${describeSource(board.source)})`,
  });
  lines.push({ status: 'ok', check: 'board.json', detail: 'version 1' });
  const problems = new Map<string, Problem>();
  const add = (list: Problem[]) => {
    for (const problem of list) if (!problems.has(problem.path)) problems.set(problem.path, problem);
  };
  let temps = 0;
  let hidden = 0;
  const worktree = boardPath(board, 'state', 'sync', 'worktree');
  walkTree(board.root, board.root, (path, name, kind) => {
    // `baton sync`'s checkout of the board's branch: git's files, and copies of the records checked here.
    if (path === worktree && kind === 'dir') return true;
    if (kind === 'symlink') add([{ path, reason: SYMLINK_REASON }]);
    else if (kind === 'other')
      add([{ path, reason: 'is not a regular file or folder (a FIFO, socket or device)' }]);
    else if (isBatonTempName(name)) temps++;
    // Readers skip hidden files (isTempName), so they are not problems either; they are only counted.
    else if (kind === 'file' && isTempName(name)) hidden++;
    // Lock folders are a writer's transient state; their insides are not records.
    return kind === 'dir' && (name.endsWith(LOCK_SUFFIX) || isBatonTempName(name));
  });
  add(listMessages(board, { limit: 0 }).problems);
  add(listCards(board).problems);
  add(listAgents(board).problems);
  const sessions = listSessions(board);
  add(sessions.problems);
  add(listPendingProblems(board));
  add(listNotes(board).problems);
  const settings = loadSettings(board);
  add(settings.problems.map((reason) => ({ path: boardPath(board, 'config.json'), reason })));
  lines.push(...projectLines(board, sessions.sessions));
  const names = Object.entries(settings.settings.agents).map(([harness, name]) => `${harness} → ${name}`);
  if (names.length > 0)
    lines.push({ status: 'info', check: 'agent names', detail: `${names.join(', ')} (config.json agents)` });
  if (temps > 0)
    lines.push({
      status: 'info',
      check: 'temp files',
      detail: `${temps} left by interrupted writes (\`baton gc\`)`,
    });
  if (hidden > 0)
    lines.push({ status: 'info', check: 'hidden files', detail: `${hidden} ignored by readers` });
  const synced = readTextFile(board.root, boardPath(board, 'state', 'sync', 'applied'), 200);
  if (synced.ok) {
    lines.push({
      status: 'info',
      check: 'sync',
      detail: `took in ${synced.text.trim().slice(0, 12)} of the board's branch (\`baton sync\`; state/sync/worktree)`,
    });
  }
  // Hooks fail silently by design: their log is where a person learns why mail or a write did not arrive.
  const hooks = hookErrors(board);
  if (hooks.last) {
    lines.push({
      status: 'info',
      check: 'hook errors',
      detail: `${hooks.count} in ${board.root}/state/hooks.log; the latest: ${hooks.last}`,
    });
  }
  const list = [...problems.values()].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  lines.push(
    list.length === 0
      ? { status: 'ok', check: 'files', detail: 'no corrupt or foreign files' }
      : {
          status: 'FAIL',
          check: 'files',
          detail: `${list.length} file(s) skipped by readers (listed below)`,
        },
  );
  return { lines, problems: list, healthy: lines.every((line) => line.status !== 'FAIL') };
}

// This folder's project key and where it comes from; the older keys (of notes folders and sessions on this board)
// that resolve to today's keys, and those that cannot (project-aliases.ts).
function projectLines(board: Board, sessions: SessionRecord[]): DoctorLine[] {
  const project = projectIdentityOf(board.cwd, board);
  const from =
    project.from === 'config'
      ? 'config.json project'
      : project.from === 'origin'
        ? `the origin remote ${project.remote}`
        : `the folder ${project.root} (no origin remote)`;
  const lines: DoctorLine[] = [
    {
      status: 'info',
      check: 'project',
      detail: `${project.key} (from ${from})${project.problem ? ` — ${project.problem}` : ''}`,
    },
  ];
  const used = new Set([...listProjects(board), ...sessions.map((s) => s.projectKey)]);
  const aliases = projectAliases(board, sessions);
  for (const [older, key] of aliases.map) {
    if (!used.has(older)) continue;
    lines.push({
      status: 'info',
      check: 'project alias',
      detail: `${older} → ${key} (an older key, read as today's; from ${aliases.how.get(older)})`,
    });
  }
  for (const [older, keys] of aliases.ambiguous) {
    if (!used.has(older)) continue;
    lines.push({
      status: 'info',
      check: 'project alias',
      detail: `${older} is left as it is: it could be ${keys.join(' or ')} — set "project" in config.json to choose`,
    });
  }
  return lines;
}

// Who a command run here acts as, by the rule every front end uses (a bad BATON_AGENT fails every command: FAIL).
function identityLine(board: Board): DoctorLine {
  try {
    const who = decideAgent({ env: board.env.BATON_AGENT, session: () => boundAgent(board) });
    if (!who)
      return {
        status: 'info',
        check: 'agent',
        detail: '(none here) — pass --as <name>, set BATON_AGENT, or run `baton register --as <name>`',
      };
    return {
      status: 'info',
      check: 'agent',
      detail: `${who.name} (${who.source === 'env' ? 'BATON_AGENT' : 'the name registered for this session'})`,
    };
  } catch (error) {
    return { status: 'FAIL', check: 'agent', detail: error instanceof Error ? error.message : String(error) };
  }
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
