// The JSON the web UI's API under /api/ answers with: the server (src/web/api/) builds these shapes, the page
// (src/web/page/) reads them. Types only — the page imports nothing else from the server side.
//
// Every text field is board content: untrusted, shown by the page only as text (or as Markdown rendered with raw
// HTML off), never as HTML.

/** Any failed request: `code` is a BatonError code (`not_found`, `invalid_input`, `conflict`, `forbidden`, …). */
export interface ApiError {
  error: string;
  code: string;
}

/** GET /api/board — what the page needs first. */
export interface BoardInfo {
  /** Absolute path of the board folder. */
  board: string;
  name: string;
  /** Who the page acts as when it writes (default `you`; `baton serve --as <name>`). */
  person: string;
  /** Project keys that have notes, sorted. */
  projects: string[];
  counts: { notes: number; cards: number; liveSessions: number; unread: number };
  /** Unreadable or foreign files met while reading (at most 20, each one line). */
  problems: string[];
  version: string;
}

export type NoteKindJson = 'handoff' | 'result';

/** A note without its body: what a timeline row shows. */
export interface NoteSummary {
  id: string;
  kind: NoteKindJson;
  projectKey: string;
  session: string;
  /** `''` = first of its line. */
  parentSession: string;
  agent: string;
  harness: string;
  createdAt: string;
  title: string;
  status: 'ok' | 'error' | 'degraded';
  conclusion?: string;
  provenance: 'curated' | 'raw';
  /** How many files it names. */
  fileCount: number;
  /** Why the note could not be read whole. */
  degraded?: string;
  /** A result note's task. */
  task?: string;
}

/** What a timeline row shows of its note (the rest comes with GET /api/notes/<id>): 5,000 notes stay small. */
export type TimelineNote = Pick<
  NoteSummary,
  'id' | 'kind' | 'agent' | 'harness' | 'createdAt' | 'title' | 'status' | 'degraded' | 'provenance'
>;

/**
 * One family of the relation timeline (SPEC §6, issue 25), summarised: its first note, how many notes it holds, the
 * newest of them, and what is in progress or failed. Its notes come with GET /api/timeline/lines.
 */
export interface TimelineFamilyJson {
  /** The first note's id, or `x:<session>` for the notes of an external parent. */
  key: string;
  /** The family's first note; absent for an external parent. */
  note?: TimelineNote;
  /** The session id of an external parent (no note on this board): drawn dashed. */
  external?: string;
  kind: 'main' | 'sub-agent' | 'external';
  /** Every note in the family. */
  notes: number;
  /** The newest note's createdAt. */
  latest: string;
  /** The newest note of the family. */
  newest?: TimelineNote;
  /** Notes whose session is live. */
  inProgress: number;
  /** Notes with status error. */
  errors: number;
  /** Who wrote its notes and with which harnesses, most notes first. */
  agents: string[];
  harnesses: string[];
}

/** GET /api/timeline[?project=<key>][&offset=n][&limit=n] — a page of the families, newest activity first. */
export interface TimelineJson {
  /** The project shown; null = every project. */
  project: string | null;
  projects: string[];
  /** Families `offset` to `offset + limit` (100 unless asked, at most 500). */
  families: TimelineFamilyJson[];
  /** All families. */
  familyCount: number;
  offset: number;
  /** Notes in all families. */
  total: number;
  problems: string[];
}

/**
 * One line of an opened family: a chain of continuations is one flat run (depth 0, oldest first); a second
 * continuation (a branch) and a sub-agent's result sit one step further in than the line they leave.
 */
export interface TimelineLineJson {
  note: TimelineNote;
  kind: 'main' | 'sub-agent';
  depth: number;
  /** It continues a note another continuation already continues: the start of a branch. */
  branch: boolean;
  /** How many handoffs continue it. */
  continuedBy: number;
  /** Its session is live. */
  inProgress: boolean;
}

/** GET /api/timeline/lines?family=<key>[&family=<key>…] (at most 100) — the lines of those families. */
export interface TimelineLinesJson {
  /** By family key; a key that is no family (any more) is left out. */
  lines: Record<string, TimelineLineJson[]>;
}

/** GET /api/timeline/find/<note-id> — the family holding a note, and its place in the family order. */
export interface TimelineFindJson {
  family: string;
  index: number;
}

export interface SectionJson {
  key: 'goal' | 'done' | 'state' | 'decisions' | 'pitfalls' | 'next';
  /** The canonical English heading (the page translates by `key`). */
  title: string;
  /** Markdown. */
  text: string;
}

/** How "request a supplementary handoff" will be answered for this note's session. */
export type SupplementMode =
  /** The session is live: a two-phase request its agent answers at its next turn boundary. */
  | 'request'
  /** The session has ended: a handoff from its transcript — by the board's model when one is configured, else a
   * mechanical draft (no model). */
  | 'draft'
  /** Neither is possible (no live session and no transcript); `why` says so. */
  | 'none';

/**
 * GET /api/notes/<id> — one note, its place in its family and the actions it offers. A body longer than the page's
 * Markdown renderer parses comes cut; GET /api/notes/<id>/raw is the note file as stored (text/plain,
 * `?download=1` as an attachment).
 */
export interface NoteDetail {
  note: NoteSummary & {
    facts: string[];
    files: string[];
    artifacts: string[];
    rev?: string;
    transcriptPath?: string;
    /** The body (Markdown): whole up to 200,000 characters, else its start (the rest: GET …/raw). */
    body: string;
    /** The whole body's length in characters (UTF-16 code units, as `body.length` counts): more than `body`'s when cut. */
    bodyChars: number;
    /** Set on a result note that holds only the head of its deliverable: one line saying so and where the whole is. */
    truncated?: string;
    /** Absolute path of the note file. */
    path: string;
  };
  /** The six sections of a handoff in canonical order; null when the body has not got them (a result note). */
  sections: SectionJson[] | null;
  sessionLive: boolean;
  /** The parent note (same lineage), when on this board. */
  parent?: { id: string; title: string };
  /**
   * The parent session the note names when no parent note is in its family (an external parent): how this board
   * knows it — its session record (`recorded`), the newest note it left in any project (`note`) — or nothing.
   */
  externalParent?: {
    session: string;
    recorded: boolean;
    agent?: string;
    harness?: string;
    projectKey?: string;
    note?: { id: string; title: string; projectKey: string };
  };
  /** Notes that continue this one or hang under it (continuations and sub-agents). */
  children: { id: string; title: string; kind: 'main' | 'sub-agent' }[];
  /** The shell command that resumes the original session, or why there is none. */
  resume: { command: string; cwd?: string } | { reason: string };
  /** `model`: the configured model (`openai gpt-…`) that would write a `draft`; absent: a mechanical draft. */
  supplement: {
    mode: SupplementMode;
    why: string;
    model?: string;
    /** Why `none`: the session ended with no transcript here, or it is not recorded on this board at all. */
    reason?: 'no-transcript' | 'unrecorded';
  };
}

/** POST /api/notes/<id>/continue {harness?} — the same text and command as `baton continue <id> --print`. */
export interface ContinueResult {
  harness: string;
  /** The first message of the new session. */
  text: string;
  /** The shell line that starts it. */
  command: string;
  cwd: string;
  /** Where the text was written when too long for a command line. */
  textFile?: string;
}

/** POST /api/notes/<id>/supplement — what was done, and which path was used. */
export type SupplementResult =
  | { mode: 'request'; session: string; expiresAt?: string; prompt: string }
  | {
      mode: 'draft';
      note: { id: string; title: string };
      /** `generated` by a model (named in `by`), or `mechanical` (no model). */
      method: 'generated' | 'mechanical';
      by?: string;
    };

export type EntryTypeJson = 'note' | 'finding' | 'question' | 'answer';

/** GET /api/cards — newest activity first. */
export interface CardSummaryJson {
  id: string;
  title: string;
  createdBy: string;
  createdAt: string;
  lastActivity: string;
  entries: number;
  /** Entries per type. */
  counts: Record<EntryTypeJson, number>;
}

export interface CardListJson {
  cards: CardSummaryJson[];
  problems: string[];
}

export interface CardEntryJson {
  id: string;
  type: EntryTypeJson;
  author: string;
  at: string;
  /** Markdown. */
  body: string;
}

/** GET /api/cards/<id> — a card as parsed from its file. */
export interface CardDetail {
  card: CardSummaryJson;
  entries: CardEntryJson[];
  /** The card file's path. */
  path: string;
  /** Open two-phase requests for this card. */
  pending: { session: string; agent: string; intent: string; expiresAt?: string }[];
}

/** A message; a fan-out (one send to several agents) is one MessageJson with every recipient in `to`. */
export interface MessageJson {
  id: string;
  from: string;
  to: string[];
  at: string;
  subject?: string;
  replyTo?: string;
  batch?: string;
  /** Markdown. */
  body: string;
  /** GET /api/inbox only: not yet read (delivered) by the person. */
  unread?: boolean;
  /** GET /api/threads/<id> only: whether each copy (one per recipient, in `to`'s order) reached its recipient. */
  delivery?: DeliveryJson[];
}

/**
 * One copy's delivery: `delivered` (with who took it and when, from its receipt, when one is kept on this machine) or
 * `waiting` (with the recipient's live session, else when it was last seen). `text` is the line the CLI prints
 * (`delivered to claude@shop (session 3f2a9c) 21:25:40Z`, `waiting — bob has no live session (last seen 2 d ago)`).
 */
export interface DeliveryJson {
  id: string;
  to: string;
  state: 'delivered' | 'waiting';
  agent?: string;
  session?: string;
  /** Six letters of `session` (or `liveSession`) as a person reads it: `3f2a9c`. */
  sessionTag?: string;
  harness?: string;
  via?: string;
  at?: string;
  liveSession?: string;
  lastSeen?: string;
  text: string;
}

/** One thread, as listed by GET /api/mail (newest activity first). */
export interface ThreadSummary {
  /** The id of the thread's first message (GET /api/threads/<id>). */
  id: string;
  subject: string;
  participants: string[];
  /** Messages in it (a fan-out counts once). */
  count: number;
  /** Newest message time. */
  latest: string;
  /** The newest message's first line, cut. */
  preview: string;
  latestFrom: string;
  /** Messages in it to the person not yet read (delivered); absent when none. */
  unread?: number;
}

/**
 * GET /api/mail[?limit=<n>&after=<cursor>] — one page of threads (200 by default), newest activity first; `next` is
 * the cursor of the page after it, absent on the last.
 */
export interface MailJson {
  threads: ThreadSummary[];
  /** Threads in every page. */
  total: number;
  /** Threads holding a message to the person not yet read. */
  unread: number;
  next?: string;
  problems: string[];
}

/** GET /api/threads/<id> — oldest first. */
export interface ThreadJson {
  id: string;
  subject: string;
  messages: MessageJson[];
}

/**
 * GET /api/inbox[?limit=<n>&before=<id>] — the person's own inbox, newest first, a page (200 by default) at a time;
 * `next` is the `before` of the page after it, absent on the last.
 */
export interface InboxJson {
  person: string;
  messages: MessageJson[];
  /** The person's unread messages, in every page. */
  unread: number;
  next?: string;
}

/** GET /api/agents — the agents the board knows, by name. */
export interface AgentsJson {
  agents: { name: string; registered: boolean; lastSeen?: string }[];
  problems: string[];
}

/** POST /api/messages {to: string[], body, subject?, replyTo?} — sent as the person. */
export interface SendResultJson {
  sent: { id: string; to: string }[];
}

export interface TouchedJson {
  path: string;
  at?: string;
  /** Other live sessions that touched the same path. */
  others: { session: string; agent: string; harness: string }[];
}

export interface SessionJson {
  id: string;
  harness: string;
  agent: string;
  cwd: string;
  projectKey: string;
  parentSession: string;
  startedAt: string;
  lastSeen: string;
  endedAt?: string;
  live: boolean;
  touched: TouchedJson[];
  /** The notes this session left (newest first, at most 20), and how many it left in all. */
  notes: { id: string; title: string; kind: 'handoff' | 'result' }[];
  noteCount: number;
  /** The session it continues, when recorded on this board. */
  parent?: { id: string; agent: string; harness: string };
  /** The newest note the session it continues left on this board (it may be recorded nowhere here). */
  parentNote?: { id: string; title: string };
}

/** GET /api/sessions — per project; live sessions first, then ended, newest first. */
export interface SessionsJson {
  projects: { key: string; sessions: SessionJson[] }[];
  problems: string[];
}

/** What a search finds: a handoff note, a result note, a card, a message (a fan-out once). */
export type SearchType = 'note' | 'result' | 'card' | 'message';

/** `[start, end)` in UTF-16 code units of the text it belongs to: where a matched word lies. */
export type SearchRange = [number, number];

/**
 * GET /api/search?q=<words>[&type=note,card,…][&project=<key>] — every word must match (a word of 2+ characters
 * also as a prefix, of 5+ also with a typo), in titles, text and names; best first, at most 100. The server answers
 * from the index it holds, kept current by its board watcher.
 */
export interface SearchJson {
  query: string;
  results: {
    type: SearchType;
    /** Note, card or message id (a fan-out: its first copy's). */
    id: string;
    title: string;
    /** A few lines of the record's Markdown around the first match (no HTML), joined by newlines. */
    snippet: string;
    /** Where the matched words lie in `title` and `snippet`: the page marks them. */
    ranges: { title: SearchRange[]; snippet: SearchRange[] };
    at: string;
    /** A note's or result's project key. */
    project?: string;
    /** The page's hash route to open it: `#/notes/<id>`, `#/cards/<id>`, `#/mail/<message>`. */
    link: string;
  }[];
  /** How many matched in all. */
  total: number;
  /** More matched than were returned (at most 100). */
  truncated: boolean;
}

/** GET /api/search/ready — the page asks as its search box gets the focus: the index is built, or made current. */
export interface SearchReadyJson {
  /** Notes, results, cards and messages (a fan-out once) in the index. */
  documents: number;
}

/** What GET /api/events streams (server-sent events): `event: change`, data = this. */
export interface ChangeEvent {
  /** Which parts of the board changed. */
  areas: ('messages' | 'cards' | 'notes' | 'sessions' | 'agents' | 'pending')[];
}
