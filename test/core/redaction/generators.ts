// Every generator of fresh random secrets, by name: provider formats, context-recognised secrets, disguises.

import type { Generator } from './generated-values.js';
import {
  ASSIGNMENT_GENERATORS,
  CONTEXT_GENERATORS,
  ENV_GENERATORS,
  PRIVATE_KEY_GENERATORS,
} from './generators-context.js';
import { FORMAT_GENERATORS } from './generators-formats.js';

export { fullWidth, type Generator, INVISIBLES, type Planted, withInvisible } from './generated-values.js';
export {
  ASSIGNMENT_GENERATORS,
  CONTEXT_GENERATORS,
  ENV_GENERATORS,
  FORMAT_GENERATORS,
  PRIVATE_KEY_GENERATORS,
};

export const ALL_GENERATORS: Record<string, Generator> = {
  ...FORMAT_GENERATORS,
  ...CONTEXT_GENERATORS,
  ...PRIVATE_KEY_GENERATORS,
  ...ASSIGNMENT_GENERATORS,
  ...ENV_GENERATORS,
};
