// A remote's URL in the form every clone shares: however it was written, one string, and never a credential.
import { describe, expect, it } from 'vitest';
import { normalizeRemoteUrl } from '../../../src/core/sessions/remote-url.js';

describe('normalizeRemoteUrl', () => {
  it('gives one form for every way of writing one GitHub repository', () => {
    const ways = [
      'git@github.com:o/r.git',
      'git@github.com:o/r',
      'github.com:o/r.git/',
      'https://github.com/o/r',
      'https://github.com/o/r.git',
      'https://github.com/o/r/',
      'https://GitHub.COM/o/r.git',
      'http://github.com:80/o/r',
      'ssh://git@github.com/o/r.git',
      'ssh://git@github.com:22/o/r.git',
      'git+ssh://git@github.com/o/r',
      'git://github.com/o/r.git',
      'https://user:ghp_abcdefghijklmnopqrstuvwxyz0123456789@github.com/o/r.git',
      'https://x-access-token:secret@github.com/o/r',
      '  https://github.com/o/r  ',
    ];
    expect(new Set(ways.map((way) => normalizeRemoteUrl(way, '/work')))).toEqual(new Set(['github.com/o/r']));
  });

  it('keeps no user, password or token of any form', () => {
    for (const url of [
      'https://alice:hunter2@gitlab.example.com/team/app.git',
      'ssh://alice:hunter2@gitlab.example.com:2222/team/app.git',
      'alice@gitlab.example.com:team/app.git',
    ]) {
      const shared = normalizeRemoteUrl(url, '/work');
      expect(shared).toBe('gitlab.example.com/team/app');
      expect(shared).not.toMatch(/alice|hunter2/);
    }
  });

  it('a repository on this file system is its absolute path, without .git; a relative one is from the checkout', () => {
    expect(normalizeRemoteUrl('/srv/git/app.git', '/work')).toBe('/srv/git/app');
    expect(normalizeRemoteUrl('/srv/git/app/.git', '/work')).toBe('/srv/git/app');
    expect(normalizeRemoteUrl('file:///srv/git/app.git/', '/work')).toBe('/srv/git/app');
    expect(normalizeRemoteUrl('../origin.git', '/work/a')).toBe('/work/origin');
    expect(normalizeRemoteUrl('./x/../up.git', '/work/a')).toBe('/work/a/up');
  });

  it('keeps the path case (the slug lowercases it) and the host of an IPv6 literal', () => {
    expect(normalizeRemoteUrl('ssh://git@[::1]:22/O/R.git', '/')).toBe('[::1]/O/R');
    expect(normalizeRemoteUrl('git@host:~user/repo.git', '/')).toBe('host/user/repo');
  });

  it('refuses what git would not fetch from: empty, only a host, control characters', () => {
    for (const bad of [
      '',
      '   ',
      'https://github.com',
      'https://github.com/',
      'git@github.com:',
      'a\nb',
      'x\u0000y',
    ]) {
      expect(normalizeRemoteUrl(bad, '/work'), JSON.stringify(bad)).toBeUndefined();
    }
  });
});
