// The six sections of a handoff: their headings (English, or the Chinese aliases, kept as written), parsing a body
// into them (any order, none twice, none empty) and rendering them back in the canonical order.

/** The six sections, in canonical order. */
export const SECTION_KEYS = ['goal', 'done', 'state', 'decisions', 'pitfalls', 'next'] as const;
/** One of a handoff's sections (`SECTION_KEYS`). */
export type SectionKey = (typeof SECTION_KEYS)[number];

export interface SectionInfo {
  key: SectionKey;
  /** The canonical English heading. */
  title: string;
  /** The Chinese heading accepted as an alias. */
  chinese: string;
  /** What goes in it (for templates and prompts). */
  hint: string;
  /** Shorter headings accepted for it (lowercase). */
  short: string[];
}

export const SECTIONS: readonly SectionInfo[] = [
  {
    key: 'goal',
    title: 'Goal',
    chinese: '任务目标',
    hint: 'what this line of work is for, in one or two sentences',
    short: ['goal', 'goals'],
  },
  {
    key: 'done',
    title: 'Done',
    chinese: '已完成',
    hint: 'what was finished, with files, commands and results',
    short: ['done', 'completed'],
  },
  {
    key: 'state',
    title: 'State and open questions',
    chinese: '当前状态与开放问题',
    hint: 'where things stand now; what is unresolved',
    short: ['state', 'current state', 'open questions', 'state & open questions'],
  },
  {
    key: 'decisions',
    title: 'Decisions and rejected options',
    chinese: '关键决策与否决',
    hint: 'what was chosen, what was rejected, and why',
    short: ['decisions', 'decisions & rejected options'],
  },
  {
    key: 'pitfalls',
    title: 'Pitfalls and blockers',
    chinese: '踩坑与阻塞',
    hint: 'what cost time or still blocks progress',
    short: ['pitfalls', 'blockers', 'pitfalls & blockers'],
  },
  {
    key: 'next',
    title: 'Next steps and read-first list',
    chinese: '下一步与新会话先读清单',
    hint: 'what the next session should do first, and which files to read',
    short: ['next steps', 'next', 'next steps & read-first list'],
  },
];

/** One section as written: its heading text (English or Chinese, as the writer put it) and its text. */
export interface Section {
  key: SectionKey;
  heading: string;
  text: string;
}

export type HandoffSections = Record<SectionKey, Section>;

export type SectionsParse =
  | { ok: true; sections: HandoffSections; preamble: string }
  | { ok: false; problems: string[]; sections: Partial<HandoffSections> };

const HEADING = /^(#{1,3})[ \t]+(.+?)[ \t]*#*[ \t]*$/;
const FENCE = /^ {0,3}(`{3,}|~{3,})/;

/** The section a heading names, or undefined (`## Goal`, `## 任务目标`, `## Next steps:` all name theirs). */
export function sectionOf(heading: string): SectionKey | undefined {
  const text = heading
    .replace(/[:：]\s*$/, '')
    .replace(/^\d+[.)]\s*/, '')
    .trim();
  const lower = text.toLowerCase();
  for (const section of SECTIONS) {
    if (lower === section.title.toLowerCase() || text === section.chinese || section.short.includes(lower)) {
      return section.key;
    }
  }
  return undefined;
}

/** The canonical name of a section, for messages: `"State and open questions"`. */
export function sectionTitle(key: SectionKey): string {
  return SECTIONS.find((section) => section.key === key)!.title;
}

/**
 * Splits a handoff body into its six sections. Headings are `#`, `##` or `###` lines naming a section (inside a
 * fenced code block they are text). Other headings belong to the section above them. Text before the first
 * section is kept as a preamble. Never throws: every problem is named (missing, twice, empty).
 */
export function parseSections(body: string): SectionsParse {
  const found: Partial<HandoffSections> = {};
  const problems: string[] = [];
  const preamble: string[] = [];
  let current: { key: SectionKey; heading: string; lines: string[] } | undefined;
  let fence: string | undefined;
  const close = () => {
    if (!current) return;
    const text = current.lines
      .join('\n')
      .replace(/^\s*\n/, '')
      .trimEnd();
    if (found[current.key]) {
      problems.push(`the section "${sectionTitle(current.key)}" appears twice`);
    } else {
      found[current.key] = { key: current.key, heading: current.heading, text };
    }
  };
  for (const raw of body.replace(/\r\n/g, '\n').split('\n')) {
    const fenceMatch = FENCE.exec(raw);
    if (fenceMatch) {
      const marker = fenceMatch[1]!;
      if (fence === undefined) fence = marker;
      else if (marker[0] === fence[0] && marker.length >= fence.length && raw.trim() === marker)
        fence = undefined;
    }
    const heading = fence === undefined && !fenceMatch ? HEADING.exec(raw) : null;
    const key = heading ? sectionOf(heading[2]!) : undefined;
    if (key) {
      close();
      current = { key, heading: heading![2]!.replace(/[:：]\s*$/, '').trim(), lines: [] };
    } else if (current) current.lines.push(raw);
    else preamble.push(raw);
  }
  close();
  for (const section of SECTIONS) {
    const got = found[section.key];
    if (!got) problems.push(`the section "${section.title}" is missing`);
    else if (got.text.trim() === '') problems.push(`the section "${section.title}" is empty`);
  }
  const unique = [...new Set(problems)];
  if (unique.length > 0) return { ok: false, problems: unique, sections: found };
  return { ok: true, sections: found as HandoffSections, preamble: preamble.join('\n').trim() };
}

/** The body in canonical order: an optional preamble, then `## <heading as written>` and its text, per section. */
export function renderSections(sections: HandoffSections, preamble = ''): string {
  const parts = SECTION_KEYS.map((key) => `## ${sections[key].heading}\n${sections[key].text.trimEnd()}\n`);
  return `${preamble.trim() ? `${preamble.trim()}\n\n` : ''}${parts.join('\n')}`;
}

/** Sections from plain texts (MCP arguments, drafts), with the English headings. */
export function sectionsFrom(texts: Record<SectionKey, string>): HandoffSections {
  const out = {} as HandoffSections;
  for (const section of SECTIONS) {
    out[section.key] = { key: section.key, heading: section.title, text: texts[section.key] ?? '' };
  }
  return out;
}

/** The template a writer fills in: the six headings with a hint each. */
export function sectionsTemplate(): string {
  return SECTIONS.map((section) => `## ${section.title}\n<${section.hint}>`).join('\n\n');
}
