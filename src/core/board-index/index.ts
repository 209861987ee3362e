// The board index: a short, derived, budgeted listing of the board for an agent's context.
export { cut, fitLines, type HandledLine, handledLine } from './fit.js';
export { INDEX_CLOSE, INDEX_OPEN, replaceIndex } from './marker.js';
export {
  type BoardIndex,
  DEFAULT_INDEX_BUDGET,
  type IndexCard,
  type IndexNote,
  type IndexOptions,
  renderIndex,
} from './render.js';
