// Loads the hot bundles (dist/hot/*.cjs) from V8's code cache when the build left one beside them
// (dist/hot/<name>.cjs.cache, scripts/code-cache.mjs): a hook, `send` or `baton mcp` then starts without compiling
// hundreds of kilobytes of JavaScript again. The cache is only a shortcut, used when it was made by the same build
// as the file (each build heads every bundle and its cache with one new id: a rebuilt or edited bundle never meets
// an older cache) and by this node's V8 (which checks its version, flags and the source's length), else the file
// is compiled as usual. BATON_CODE_CACHE_TRAIN=1 (the build only) writes the caches back at exit, with what this
// run compiled added.
const {
  closeSync,
  constants,
  fstatSync,
  openSync,
  readFileSync,
  readSync,
  renameSync,
  writeFileSync,
} = require('node:fs');
const { isAscii } = require('node:buffer');
const Module = require('node:module');
const { dirname, join, sep } = require('node:path');
const vm = require('node:vm');

const HOT = join(__dirname, '..', 'dist', 'hot') + sep;
/** A cache is at most this big (the largest, `baton mcp`'s, is about 1 MB). */
const MAX_CACHE = 16 * 1024 * 1024;
/** Each bundle's first line, `// baton-build <32 hex digits>`; its cache starts with the same 48 bytes. */
const BUILD_LINE = /^\/\/ baton-build [0-9a-f]{32}\n/;
const HEAD_BYTES = 48;
const training = process.env.BATON_CODE_CACHE_TRAIN === '1';
const compiled = [];

/** The cache's V8 data when it starts with `head`; undefined when there is none or it is another build's. */
function readCache(path, head) {
  let fd;
  try {
    // Never blocks on a FIFO, never follows a link: anything but a plain file is no cache.
    fd = openSync(path, constants.O_RDONLY | constants.O_NONBLOCK | constants.O_NOFOLLOW);
    const stat = fstatSync(fd);
    if (!stat.isFile() || stat.size <= HEAD_BYTES || stat.size > MAX_CACHE) return undefined;
    const data = Buffer.allocUnsafe(stat.size);
    let size = 0;
    while (size < data.length) {
      const count = readSync(fd, data, size, data.length - size, size);
      if (count === 0) return undefined;
      size += count;
    }
    if (data.toString('latin1', 0, HEAD_BYTES) !== head) return undefined;
    return data.subarray(HEAD_BYTES);
  } catch {
    return undefined;
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}

function compileHot(module, filename) {
  // The build leaves every bundle ASCII, which reads several times faster as Latin-1 (the same text) than as UTF-8.
  const bytes = readFileSync(filename);
  const source = isAscii(bytes) ? bytes.toString('latin1') : bytes.toString('utf8');
  const head = BUILD_LINE.exec(source)?.[0];
  const cachePath = `${filename}.cache`;
  const script = new vm.Script(Module.wrap(source), {
    filename,
    cachedData: head === undefined ? undefined : readCache(cachePath, head),
  });
  if (training && head !== undefined) compiled.push({ script, cachePath, head });
  const wrapper = script.runInThisContext({ displayErrors: true });
  wrapper.call(module.exports, module.exports, hotRequire(filename), module, filename, dirname(filename));
}

// A bundle's require: another hot bundle by its path is loaded here directly (Node's resolution would first find
// the real path of every folder on the way, milliseconds on a busy machine); anything else as usual.
function hotRequire(filename) {
  const plain = Module.createRequire(filename);
  const require = (id) =>
    typeof id === 'string' && id.startsWith(HOT) && id.endsWith('.cjs') && !id.includes(sep, HOT.length)
      ? loadHot(id.slice(HOT.length, -'.cjs'.length))
      : plain(id);
  return Object.assign(require, { resolve: plain.resolve, cache: plain.cache, main: plain.main });
}

if (training) {
  process.on('exit', () => {
    for (const { script, cachePath, head } of compiled) {
      const temp = `${cachePath}.${process.pid}.tmp`;
      writeFileSync(temp, Buffer.concat([Buffer.from(head, 'latin1'), script.createCachedData()]));
      renameSync(temp, cachePath);
    }
  });
}

/**
 * Loads `dist/hot/<name>.cjs`, and every hot bundle it requires, through the code cache (once: a second load gets
 * the same exports, as require does). A hot bundle has no dynamic import() of its own (a script compiled from a code
 * cache has no loader to call for one): what it loads on first use, it requires (core/builtins.ts).
 */
function loadHot(name) {
  const filename = join(HOT, `${name}.cjs`);
  const cached = Module._cache[filename];
  if (cached) return cached.exports;
  const module = new Module(filename, require.main);
  module.filename = filename;
  module.paths = Module._nodeModulePaths(HOT);
  Module._cache[filename] = module;
  try {
    compileHot(module, filename);
  } catch (error) {
    delete Module._cache[filename];
    throw error;
  }
  module.loaded = true;
  return module.exports;
}

module.exports = { loadHot };
