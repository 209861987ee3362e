// Injecting the index twice holds it once: a re-injection finds the earlier index by its header line.
import { describe, expect, it } from 'vitest';
import { replaceIndex } from '../../../src/core/board-index/marker.js';

const OLD = '<baton-index board="/b" project="p"> derived…\nnotes:\nnote:n-1\n</baton-index>';
const NEW = '<baton-index board="/b" project="p"> derived…\nnotes:\nnote:n-2\n</baton-index>';

describe('replaceIndex', () => {
  it('appends to a context without one, and is idempotent', () => {
    const once = replaceIndex('You are a helpful agent.\n', NEW);
    expect(once).toBe(`You are a helpful agent.\n\n${NEW}`);
    expect(replaceIndex(once, NEW)).toBe(once);
    expect(replaceIndex('', NEW)).toBe(NEW);
  });

  it('replaces an earlier index where it stood, and removes every other copy', () => {
    const context = `before\n${OLD}\nmiddle\n${OLD}\nafter`;
    expect(replaceIndex(context, NEW)).toBe(`before\n${NEW}\nmiddle\nafter`);
    expect(replaceIndex(context, '')).toBe('before\nmiddle\nafter');
  });

  it('only a line that starts the header opens an index; text that merely mentions it is left alone', () => {
    const context = 'a title with <baton-index> inside\n<baton-indexer>\nend';
    expect(replaceIndex(context, NEW)).toBe(`${context}\n\n${NEW}`);
    // An index never closed runs to the end of the text.
    expect(replaceIndex(`keep\n${OLD.replace('\n</baton-index>', '')}`, NEW)).toBe(`keep\n${NEW}`);
  });
});
