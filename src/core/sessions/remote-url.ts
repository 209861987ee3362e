// A git remote's URL in the one form every clone of the repository shares: `host/owner/repo` (or the absolute path
// of a repository on this file system), whatever way it was written. `git@github.com:o/r.git`,
// `https://user:token@GitHub.com/o/r/` and `ssh://git@github.com:22/o/r` are all `github.com/o/r`: the scheme, the
// user and any password or token, the port, a trailing `/` or `.git` are dropped, the host is lowercased. Nothing of
// the credentials survives, so none reaches a project key or the board.
import { isAbsolute, resolve } from 'node:path';

/**
 * The shared form of `url` (relative paths resolved against `base`, the checkout's root), or undefined when it is
 * not a URL or path git would fetch from.
 */
export function normalizeRemoteUrl(url: string, base: string): string | undefined {
  const text = url.trim();
  if (text === '' || /[\0-\x1f\x7f]/.test(text)) return undefined;
  const scheme = /^([A-Za-z][A-Za-z0-9+.-]*):\/\/(.*)$/.exec(text);
  if (scheme) {
    const [, name, rest] = scheme as unknown as [string, string, string];
    if (name.toLowerCase() === 'file') return localPath(rest.replace(/^localhost(?=\/)/, ''), base);
    const slash = rest.indexOf('/');
    const authority = slash === -1 ? rest : rest.slice(0, slash);
    return joined(hostOf(authority), slash === -1 ? '' : rest.slice(slash));
  }
  // scp-like `[user@]host:path`: a colon before any slash (git's rule), not a Windows drive letter (`C:\…`).
  const scp = /^([^/:]+):(.*)$/.exec(text);
  if (scp && !/^[A-Za-z]$/.test(scp[1]!)) return joined(hostOf(scp[1]!), scp[2]!);
  return localPath(text, base);
}

// `user:password@host:port` → `host`, lowercased (an IPv6 literal keeps its brackets).
function hostOf(authority: string): string {
  const host = authority.slice(authority.lastIndexOf('@') + 1);
  const bare = host.startsWith('[') ? host.slice(0, host.indexOf(']') + 1) : host.replace(/:\d*$/, '');
  return bare.toLowerCase();
}

function joined(host: string, path: string): string | undefined {
  const clean = trimPath(path.replace(/^[/~]+/, ''));
  if (host === '' || clean === '') return undefined;
  return `${host}/${clean}`;
}

function localPath(path: string, base: string): string | undefined {
  if (path === '') return undefined;
  const absolute = isAbsolute(path) ? resolve(path) : resolve(base, path);
  return trimPath(absolute) || undefined;
}

// No trailing `/`, `.git` or `/.git` (a repository named by its work tree or its git folder is the same one).
function trimPath(path: string): string {
  let out = path.replace(/\/+$/, '');
  for (;;) {
    const next = out
      .replace(/\/\.git$/, '')
      .replace(/\.git$/, '')
      .replace(/\/+$/, '');
    if (next === out) return out;
    out = next;
  }
}
