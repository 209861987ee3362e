// The page's one door to the server: GET JSON, and mutations that carry the page's token.

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

/** POST or DELETE with a JSON body and the page's token; throws ApiFailure. */
export function mutate<T>(method: 'POST' | 'DELETE', path: string, body: unknown = {}): Promise<T> {
  return request<T>(path, {
    method,
    headers: { Accept: 'application/json', 'Content-Type': 'application/json', 'X-Baton-Token': pageToken() },
    body: JSON.stringify(body),
  });
}

/** A path segment for an id taken from the board. */
export function seg(id: string): string {
  return encodeURIComponent(id);
}
