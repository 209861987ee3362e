// Context packs: board items named by ref (`note:<id>`, `card:<id>`, `msg:<id>`, `alice:shop`) inlined within a
// character budget, with the board index after them.
export {
  buildPack,
  type ContextPack,
  DEFAULT_PACK_BUDGET,
  type IndexRenderer,
  type PackedItem,
  type PackOptions,
} from './build.js';
export { MAX_REFS, type PackRef, parseRef, parseRefs, REF_SHAPES, type Unresolved } from './refs.js';
export { type ItemText, renderItem } from './render.js';
export { type PackItem, resolveRef } from './resolve.js';
