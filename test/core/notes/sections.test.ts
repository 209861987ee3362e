import { describe, expect, it } from 'vitest';
import { parseSections, renderSections, SECTION_KEYS } from '../../../src/core/notes/sections.js';
import { BODY } from './bodies.js';

const FULL = BODY;

describe('parseSections', () => {
  it('reads the six sections and renders them back byte for byte', () => {
    const parsed = parseSections(FULL);
    expect(parsed.ok).toBe(true);
    if (!parsed.ok) return;
    expect(SECTION_KEYS.map((key) => parsed.sections[key].text)).toEqual([
      'Fix the flaky login test.',
      'Froze time per test.',
      'Green 20/20.',
      'Per test, not global.',
      'None.',
      'Read test/login.spec.ts.',
    ]);
    expect(renderSections(parsed.sections, parsed.preamble)).toBe(FULL);
  });

  it('accepts any order and stores the canonical order, headings kept as written (Chinese too)', () => {
    const chinese = `## 下一步与新会话先读清单
先读 test/login.spec.ts。

## 任务目标
修复登录测试。

## 已完成
按测试冻结时间。

## 当前状态与开放问题
全部通过。

## 关键决策与否决
按测试，不全局。

## 踩坑与阻塞
无。
`;
    const parsed = parseSections(chinese);
    expect(parsed.ok).toBe(true);
    if (!parsed.ok) return;
    const rendered = renderSections(parsed.sections);
    expect(rendered.split('\n').filter((line) => line.startsWith('## '))).toEqual([
      '## 任务目标',
      '## 已完成',
      '## 当前状态与开放问题',
      '## 关键决策与否决',
      '## 踩坑与阻塞',
      '## 下一步与新会话先读清单',
    ]);
  });

  it.each([
    [
      'missing one section',
      FULL.replace(/## Pitfalls and blockers\nNone.\n\n/, ''),
      ['the section "Pitfalls and blockers" is missing'],
    ],
    ['a section twice', `${FULL}\n## Done\nAgain.\n`, ['the section "Done" appears twice']],
    [
      'an empty section',
      FULL.replace('Green 20/20.', '   '),
      ['the section "State and open questions" is empty'],
    ],
    [
      'no body',
      '',
      [
        'the section "Goal" is missing',
        'the section "Done" is missing',
        'the section "State and open questions" is missing',
        'the section "Decisions and rejected options" is missing',
        'the section "Pitfalls and blockers" is missing',
        'the section "Next steps and read-first list" is missing',
      ],
    ],
  ])('names what is wrong: %s', (_, body, problems) => {
    const parsed = parseSections(body);
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) expect(parsed.problems).toEqual(problems);
  });

  it('a heading inside a fenced code block is text, and other headings stay in their section', () => {
    const body = FULL.replace(
      'Froze time per test.',
      'Froze time.\n\n```md\n## Goal\nnot a section\n```\n\n### Details\nmore',
    );
    const parsed = parseSections(body);
    expect(parsed.ok).toBe(true);
    if (parsed.ok)
      expect(parsed.sections.done.text).toBe(
        'Froze time.\n\n```md\n## Goal\nnot a section\n```\n\n### Details\nmore',
      );
  });
});
