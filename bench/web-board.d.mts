// Types of bench/web-board.mjs, for the tests that open the big board.

export const WEB_BOARD_VERSION: number;

export const WEB_BOARD_SHAPE: Readonly<{
  notes: number;
  families: number;
  longestFamily: number;
  deepestChain: number;
  messages: number;
  cards: number;
}>;

export interface WebBoardManifest {
  version: number;
  project: string;
  notes: number;
  families: number;
  messages: number;
  cards: number;
  /** Notes whose session is live. */
  inProgress: string[];
  errors: number;
  /** Family roots, newest activity first. */
  familyOrder: string[];
  longest: {
    root: string;
    size: number;
    depth: number;
    newest: string;
    middle: string;
    results: number;
    branches: number;
  };
  seconds: number;
}

/** The big board of issue 25, made once and cached under .bench/ (copied into `dir` when given). */
export function webBoard(options?: {
  dir?: string;
  dist?: string;
  log?: (line: string) => void;
}): Promise<{ root: string; cwd: string; manifest: WebBoardManifest }>;
