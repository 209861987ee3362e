// The search endpoint: GET /api/search?q=<words>[&type=note,card][&project=<key>], answered from the index the server
// holds (core/search/live-search.ts), each hit with its snippet, the places of its matched words and its page link.
import type { Board } from '../../core/board/open-board.js';
import { projectKeyProblem } from '../../core/notes/note.js';
import { isSearchType, MAX_QUERY, SEARCH_TYPES, type SearchType } from '../../core/search/documents.js';
import type { LiveSearch } from '../../core/search/live-search.js';
import type { SearchHit } from '../../core/search/search-index.js';
import { projectGroup } from '../../core/sessions/project-aliases.js';
import type { SearchJson, SearchReadyJson } from '../api-types.js';
import { ApiRefusal } from './json.js';
import type { ApiContext, Endpoint } from './router.js';

export const MAX_RESULTS = 100;

export function searchEndpoints(live: () => LiveSearch): Endpoint[] {
  return [
    { method: 'GET', path: /^\/search$/, handle: (context) => search(context, live()) },
    // The page asks when its search box gets the focus: the index is built (or brought up to date) before Enter.
    {
      method: 'GET',
      path: /^\/search\/ready$/,
      handle: ({ board }): SearchReadyJson => ({ documents: live().current(board).size }),
    },
  ];
}

function search({ board, query }: ApiContext, live: LiveSearch): SearchJson {
  const q = (query.get('q') ?? '').trim();
  if (q === '') throw new ApiRefusal(400, 'invalid_input', 'search for something: /api/search?q=<text>');
  if (q.length > MAX_QUERY)
    throw new ApiRefusal(400, 'invalid_input', `a search is at most ${MAX_QUERY} characters`);
  const types = typesOf(query);
  const projects = projectsOf(board, query);
  const answer = live.current(board).search(q, { types, projects, limit: MAX_RESULTS });
  return {
    query: q,
    results: answer.hits.map((hit) => ({ ...withoutScore(hit), link: linkOf(hit) })),
    total: answer.total,
    truncated: answer.total > answer.hits.length,
  };
}

// `type=note,card` or `type=note&type=card`; none: every type.
function typesOf(query: URLSearchParams): SearchType[] | undefined {
  const asked = query.getAll('type').flatMap((value) => value.split(','));
  const types: SearchType[] = [];
  for (const raw of asked) {
    const type = raw.trim();
    if (type === '') continue;
    if (!isSearchType(type)) {
      throw new ApiRefusal(
        400,
        'invalid_input',
        `unknown type ${JSON.stringify(type.slice(0, 40))} — use ${SEARCH_TYPES.join(', ')}`,
      );
    }
    types.push(type);
  }
  return types.length > 0 ? types : undefined;
}

function projectsOf(board: Board, query: URLSearchParams): string[] | undefined {
  const key = query.get('project')?.trim();
  if (!key) return undefined;
  if (projectKeyProblem(key)) {
    throw new ApiRefusal(400, 'invalid_input', `${JSON.stringify(key.slice(0, 80))} is not a project key`);
  }
  return projectGroup(board, key);
}

function withoutScore(hit: SearchHit): Omit<SearchHit, 'score'> {
  const { score: _, ...rest } = hit;
  return rest;
}

/** The page's hash route to the hit: a note or result in the timeline, a card, a message's thread. */
function linkOf(hit: SearchHit): string {
  const id = encodeURIComponent(hit.id);
  if (hit.type === 'card') return `#/cards/${id}`;
  if (hit.type === 'message') return `#/mail/${id}`;
  return `#/notes/${id}`;
}
