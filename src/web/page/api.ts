// The page's one door to the server: GET JSON, and mutations that carry the page's token — renewed from the page's
// own HTML when a restarted server no longer knows it, or reported to the write-trouble banner when it cannot be.

/** A failed request: the server's ApiError text and code, or `unreachable` when no answer came at all. */
export class ApiFailure extends Error {
  constructor(
    message: string,
    readonly code: string,
    readonly status: number,
  ) {
    super(message);
  }
}

let token: string | undefined;

/** The token the server wrote into index.html; mutations send it as X-Baton-Token. */
function pageToken(): string {
  token ??= document.querySelector<HTMLMetaElement>('meta[name="baton-token"]')?.content ?? '';
  return token;
}

/**
 * Reads this server's current token from the page's own HTML, as a reload would: a same-origin GET of `/`, which no
 * other origin can read (no CORS, Cross-Origin-Resource-Policy, the Host/Origin check). True when it changed.
 */
async function renewToken(): Promise<boolean> {
  try {
    const response = await fetch('/', { credentials: 'same-origin', cache: 'no-store' });
    if (!response.ok) return false;
    const html = await response.text();
    const fresh = new DOMParser()
      .parseFromString(html, 'text/html')
      .querySelector<HTMLMetaElement>('meta[name="baton-token"]')?.content;
    if (!fresh || fresh === pageToken()) return false;
    token = fresh;
    return true;
  } catch {
    return false;
  }
}

const troubleListeners = new Set<(trouble: boolean) => void>();

/** Calls `listener` with true when a write was refused and the page could not recover by itself, false once one lands. */
export function onWriteTrouble(listener: (trouble: boolean) => void): () => void {
  troubleListeners.add(listener);
  return () => troubleListeners.delete(listener);
}

function writeTrouble(trouble: boolean): void {
  for (const listener of [...troubleListeners]) listener(trouble);
}

async function request<T>(path: string, init: RequestInit): Promise<T> {
  let response: Response;
  try {
    response = await fetch(path, { ...init, credentials: 'same-origin', cache: 'no-store' });
  } catch {
    throw new ApiFailure('The board did not answer.', 'unreachable', 0);
  }
  const text = await response.text().catch(() => '');
  let body: unknown;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    body = undefined;
  }
  if (!response.ok) {
    const error = body as { error?: unknown; code?: unknown } | undefined;
    const message = typeof error?.error === 'string' ? error.error : `HTTP ${response.status}`;
    const code = typeof error?.code === 'string' ? error.code : `http_${response.status}`;
    throw new ApiFailure(message, code, response.status);
  }
  if (body === undefined)
    throw new ApiFailure('The board answered with something that is not JSON.', 'bad_json', 0);
  return body as T;
}

/** GET a JSON answer; throws ApiFailure. */
export function getJson<T>(path: string): Promise<T> {
  return request<T>(path, { headers: { Accept: 'application/json' } });
}

/**
 * POST or DELETE with a JSON body and the page's token; throws ApiFailure. A refusal of the token (the server
 * restarted and holds a new one) renews it and sends once more: a refused write changed nothing, so the retry cannot
 * write twice. When the token cannot be renewed the write-trouble banner offers a reload.
 */
export async function mutate<T>(method: 'POST' | 'DELETE', path: string, body: unknown = {}): Promise<T> {
  const send = () =>
    request<T>(path, {
      method,
      headers: {
        Accept: 'application/json',
        'Content-Type': 'application/json',
        'X-Baton-Token': pageToken(),
      },
      body: JSON.stringify(body),
    });
  try {
    const answer = await send();
    writeTrouble(false);
    return answer;
  } catch (error) {
    if (!(error instanceof ApiFailure) || (error.status !== 403 && error.status !== 401)) throw error;
    if (error.status === 401 || !(await renewToken())) {
      writeTrouble(true);
      throw error;
    }
  }
  try {
    const answer = await send();
    writeTrouble(false);
    return answer;
  } catch (error) {
    if (error instanceof ApiFailure && (error.status === 403 || error.status === 401)) writeTrouble(true);
    throw error;
  }
}

/** A path segment for an id taken from the board. */
export function seg(id: string): string {
  return encodeURIComponent(id);
}
