import { describe, expect, it } from 'vitest';
import { buildTimeline, type TimelineNode, walkFamily } from '../../../src/core/notes/lineage.js';
import type { NoteRecord } from '../../../src/core/notes/note.js';

let counter = 0;
function note(
  session: string,
  parentSession: string,
  at: string,
  extra: Partial<NoteRecord> = {},
): NoteRecord {
  counter++;
  return {
    id: `n-01M8RE${String(counter).padStart(20, '0')}`,
    kind: 'handoff',
    projectKey: 'proj',
    session,
    parentSession,
    agent: 'a',
    harness: 'claude',
    createdAt: `2026-11-30T${at}:00.000Z`,
    title: `${session} note`,
    status: 'ok',
    facts: [],
    files: [],
    artifacts: [],
    provenance: 'curated',
    body: '',
    path: '',
    ...extra,
  };
}

/** A family as indented lines: `<depth spaces><session or external>: kind, continued by N, source`. */
function outline(nodes: TimelineNode[]): string[] {
  return nodes.flatMap((family) =>
    [...walkFamily(family)].map(({ node, depth }) => {
      const name = node.note ? node.note.session : `external ${node.external}`;
      const badges = [
        node.kind,
        node.continuedBy ? `continued by ${node.continuedBy}` : '',
        node.source ? `source ${node.source}` : '',
        node.inProgress ? 'in progress' : '',
      ].filter(Boolean);
      return `${'  '.repeat(depth)}${name}: ${badges.join(', ')}`;
    }),
  );
}

describe('buildTimeline', () => {
  it('three generations with a sub-agent and an external parent, newest family activity first', () => {
    const notes = [
      note('gen1-aaaaaaaa', '', '10:00'),
      note('gen2-bbbbbbbb', 'gen1-aaaaaaaa', '11:00'),
      note('sub1-dddddddd', 'gen2-bbbbbbbb', '11:30', { kind: 'result' }),
      note('gen3-cccccccc', 'gen2-bbbbbbbb', '12:00'),
      note('other-eeeeeee', 'outside-99999999', '09:00'),
      note('lone-ffffffff', '', '11:45'),
    ];
    const timeline = buildTimeline(notes, (session) => session === 'gen3-cccccccc');
    expect(timeline.problems).toEqual([]);
    expect(outline(timeline.families)).toEqual([
      'gen1-aaaaaaaa: main, continued by 1',
      '  gen2-bbbbbbbb: main, continued by 1, source gen1-aaa',
      '    gen3-cccccccc: main, source gen2-bbb, in progress',
      '    sub1-dddddddd: sub-agent, source gen2-bbb',
      'lone-ffffffff: main',
      'external outside-99999999: external, continued by 1',
      '  other-eeeeeee: main, source outside-',
    ]);
  });

  it('a note naming its own session as its parent is shown once, as a first note, and reported', () => {
    const self = note('loop-1111', 'loop-1111', '10:00');
    const timeline = buildTimeline([self]);
    expect(outline(timeline.families)).toEqual(['loop-1111: main, source loop-111']);
    expect(timeline.problems).toEqual([
      `${self.id} names its own session loop-111 as its parent (shown as a first note)`,
    ]);
  });

  it('a two-note cycle is shown once, starting at its oldest note, and reported', () => {
    const a = note('cyc-a', 'cyc-b', '10:00');
    const b = note('cyc-b', 'cyc-a', '11:00');
    const timeline = buildTimeline([b, a]);
    expect(outline(timeline.families)).toEqual([
      'cyc-a: main, continued by 1, source cyc-b',
      '  cyc-b: main, source cyc-a',
    ]);
    expect(timeline.problems).toHaveLength(1);
    expect(timeline.problems[0]).toContain(`(shown once, starting at ${a.id})`);
  });

  it('a long chain and a wide fan stay linear and whole', () => {
    const chain = Array.from({ length: 50_000 }, (_, i) =>
      note(`c-${i}`, i === 0 ? '' : `c-${i - 1}`, `10:${String(i % 60).padStart(2, '0')}`),
    );
    const timeline = buildTimeline(chain);
    expect(timeline.families).toHaveLength(1);
    expect([...walkFamily(timeline.families[0]!)]).toHaveLength(50_000);
  });
});
