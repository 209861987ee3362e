// The text of baton's opencode plugin (.opencode/plugin/baton.js): opencode has no command hooks, so this plugin turns
// its events into `baton hook <event> --harness opencode` calls and acts on the neutral answer. It is plain ESM
// JavaScript without imports beyond node's own modules (opencode loads it with Bun, no install step), and it never
// breaks opencode: every call is bounded by a timeout, every failure is swallowed (logged to stderr only when
// BATON_DEBUG is set), and it writes nothing to stdout.
//
// How each piece reaches the agent (opencode 1.18, @opencode-ai/plugin):
// - session start happens at the session's first user message (source "startup" for a session created in this
//   process, else "resume"), not at `session.created`: mail handed to a session nobody prompts would be marked
//   delivered and lost. Its answer rides as a synthetic text part on that message (`chat.message` may add parts
//   before the message is saved), so it is in the history the model reads, like Claude Code's SessionStart context.
//   A system-prompt transform (`experimental.chat.system.transform`) was the other way; it is experimental and would
//   repeat the mail in every request of the session, also after it was answered.
// - user prompt (`chat.message`) → user-prompt-submit; new mail is added the same way.
// - `tool.execute.before` on write/edit/patch tools → pre-tool-use: a warning is appended to that tool's output for
//   the model (`tool.execute.after` may rewrite it), a deny throws (opencode's way for a plugin to refuse a tool).
// - `tool.execute.after` → post-tool-use with each written path (what `baton who-else` reads).
// - `session.idle` → stop with the last assistant reply (fetched from the session's messages): it commits a pending
//   two-phase card write; a block (waiting mail, a request made from outside) is sent into the idle session as a new
//   user message (`session.promptAsync`): a true push. The idle that push causes asks again with
//   stop_hook_active, and the hook never blocks twice in a row; the same text is never pushed twice.
//   While a session stays idle the stop hook is asked again every BATON_POLL_MS (default 15000; 0: never), so mail
//   that arrives later is pushed too.
// - `shell.env` → BATON_SESSION for the agent's shell, so `baton card ask` from the shell tool knows its session even
//   when one opencode server holds several.
// - `experimental.session.compacting` → pre-compact; `session.deleted` and the plugin's dispose (opencode exits)
//   → session-end. `opencode run` disposes right after the first idle: the idle's stop then runs at dispose with
//   stop_hook_active (commit only: mail handed to an exiting process would be lost), before session-end.
// - the session's transcript, for the raw handoff baton drafts at pre-compact and session-end: opencode keeps its
//   sessions in SQLite (~/.local/share/opencode/opencode.db), which baton cannot read, and `opencode export <id>`
//   starts the whole CLI. So at every idle, before a compaction and at the end, the plugin writes what `opencode
//   export` prints, as JSONL (src/harnesses/opencode/transcript.ts reads it), to $XDG_STATE_HOME/baton/opencode/
//   <session>.jsonl (~/.local/state when unset; folder 0700, file 0600, replaced whole by a rename), long texts cut
//   to 64 KiB and the file to 32 MiB, and names it as transcript_path at session start, pre-compact and session end.

/** The text of .opencode/plugin/baton.js, running `baton` (e.g. `[node, /abs/bin/baton.js]`) for every hook. */
export function opencodePluginSource(baton: string[]): string {
  return `// baton's plugin for opencode: turns opencode's events into \`baton hook <event> --harness opencode\` calls.
// Rewritten by \`baton init --harness opencode\`; set BATON_DEBUG=1 to see its errors on stderr.
import { spawn } from "node:child_process";
import { mkdirSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { homedir } from "node:os";
import { dirname, join } from "node:path";

const BATON = ${JSON.stringify(baton)};
const HARNESS = "opencode";
const TIMEOUT_MS = 10000;
const MAX_OUTPUT = 1048576;
const SETTLE_MS = 300;
const EDIT_TOOLS = new Set(["write", "edit", "multiedit", "patch", "apply_patch"]);
const PART_CHARS = 65536;
const TRANSCRIPT_BYTES = 33554432;
const SESSION_ID = /^[A-Za-z0-9_-]{1,128}$/;

function pollInterval() {
  const raw = process.env.BATON_POLL_MS;
  const value = raw === undefined || raw === "" ? 15000 : Number(raw);
  return Number.isFinite(value) && value >= 0 ? value : 15000;
}

function debug(message) {
  if (!process.env.BATON_DEBUG) return;
  try {
    process.stderr.write("baton opencode plugin: " + message + "\\n");
  } catch {}
}

function describe(error) {
  return error && error.message ? error.message : String(error);
}

/** Runs \`baton hook <event>\` with the payload on stdin; resolves to its answer, or undefined (never rejects). */
function runHook(event, payload) {
  return new Promise((resolve) => {
    let child;
    let done = false;
    let out = "";
    let timer;
    const finish = (value) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      resolve(value);
    };
    try {
      const env = { ...process.env };
      delete env.BATON_SESSION;
      child = spawn(BATON[0], [...BATON.slice(1), "hook", event, "--harness", HARNESS], {
        cwd: payload.cwd,
        env,
        stdio: ["pipe", "pipe", process.env.BATON_DEBUG ? "inherit" : "ignore"],
        windowsHide: true,
      });
    } catch (error) {
      debug(event + ": " + describe(error));
      finish(undefined);
      return;
    }
    timer = setTimeout(() => {
      debug(event + ": no answer within " + TIMEOUT_MS + " ms");
      try {
        child.kill();
      } catch {}
      finish(undefined);
    }, TIMEOUT_MS);
    child.on("error", (error) => {
      debug(event + ": " + describe(error));
      finish(undefined);
    });
    child.stdout.setEncoding("utf8");
    child.stdout.on("data", (chunk) => {
      out += chunk;
      if (out.length > MAX_OUTPUT) {
        debug(event + ": answer too large");
        try {
          child.kill();
        } catch {}
        finish(undefined);
      }
    });
    child.on("close", () => finish(parseAnswer(event, out)));
    child.stdin.on("error", () => {});
    child.stdin.end(JSON.stringify(payload));
  });
}

function parseAnswer(event, text) {
  if (text.trim() === "") return undefined;
  try {
    const value = JSON.parse(text);
    if (!value || typeof value !== "object" || Array.isArray(value)) return undefined;
    const pick = (key) => (typeof value[key] === "string" && value[key] !== "" ? value[key] : undefined);
    return {
      context: pick("additionalContext"),
      block: value.decision === "block" ? pick("reason") : undefined,
      deny: value.decision === "deny" ? pick("reason") : undefined,
      notice: pick("systemMessage"),
    };
  } catch (error) {
    debug(event + ": answer is not JSON: " + describe(error));
    return undefined;
  }
}

// opencode's part ids: "prt_", 12 hex digits of time, 14 random letters or digits.
let lastMs = 0;
let counter = 0;
function partId() {
  const now = Date.now();
  if (now !== lastMs) {
    lastMs = now;
    counter = 0;
  }
  counter += 1;
  const time = (BigInt(now) * 4096n + BigInt(counter)).toString(16).padStart(12, "0").slice(-12);
  const letters = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
  let tail = "";
  for (let i = 0; i < 14; i++) tail += letters[Math.floor(Math.random() * letters.length)];
  return "prt_" + time + tail;
}

/** \`promise\`, or a rejection after \`ms\`: an opencode going away must not hold the plugin (and its exit) up. */
function bounded(promise, ms, what) {
  let timer;
  const late = new Promise((_, fail) => {
    timer = setTimeout(() => fail(new Error(what + ": no answer within " + ms + " ms")), ms);
  });
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}

/** Where a session's transcript is kept: $XDG_STATE_HOME/baton/opencode/<id>.jsonl (~/.local/state when unset). */
function transcriptFile(id) {
  if (typeof id !== "string" || !SESSION_ID.test(id)) return undefined;
  const state = process.env.XDG_STATE_HOME || join(homedir(), ".local", "state");
  return join(state, "baton", "opencode", id + ".jsonl");
}

/** A copy for the transcript with every long string cut: a draft quotes the start of a text, never all of it. */
function trimmed(value, depth) {
  if (typeof value === "string") return value.length > PART_CHARS ? value.slice(0, PART_CHARS) : value;
  if (!value || typeof value !== "object" || depth > 12) return value;
  if (Array.isArray(value)) return value.map((item) => trimmed(item, depth + 1));
  const out = {};
  for (const [key, item] of Object.entries(value)) out[key] = trimmed(item, depth + 1);
  return out;
}

/** The transcript's text: the session line, then one line per message; past the cap, the first lines and the newest. */
function transcriptText(info, list) {
  const lines = [];
  if (info && typeof info === "object") lines.push(JSON.stringify({ type: "opencode.session", info: trimmed(info, 0) }));
  for (const message of list) {
    if (!message || !message.info) continue;
    const parts = Array.isArray(message.parts) ? message.parts : [];
    lines.push(JSON.stringify({ type: "opencode.message", info: trimmed(message.info, 0), parts: trimmed(parts, 0) }));
  }
  let size = 0;
  for (const line of lines) size += line.length + 1;
  if (size <= TRANSCRIPT_BYTES) return lines.join("\\n") + "\\n";
  const head = lines.slice(0, 3);
  let room = TRANSCRIPT_BYTES;
  for (const line of head) room -= line.length + 1;
  const tail = [];
  for (let i = lines.length - 1; i >= head.length && lines[i].length + 1 <= room; i--) {
    tail.unshift(lines[i]);
    room -= lines[i].length + 1;
  }
  return head.concat(tail).join("\\n") + "\\n";
}

function textOf(parts) {
  return (parts || [])
    .filter((part) => part && part.type === "text" && typeof part.text === "string" && !part.synthetic)
    .map((part) => part.text)
    .join("\\n");
}

/** The files a write/edit/patch tool call names. */
function editedPaths(tool, args) {
  if (!args || typeof args !== "object") return [];
  const direct = args.filePath ?? args.file_path ?? args.path;
  if (typeof direct === "string" && direct !== "") return [direct];
  const patch = args.patchText ?? args.patch ?? args.input;
  if (typeof patch !== "string") return [];
  const paths = [];
  for (const match of patch.matchAll(/^\\*\\*\\* (?:Add|Update|Delete) File: (.+)$|^\\*\\*\\* Move to: (.+)$/gm)) {
    const path = (match[1] ?? match[2]).trim();
    if (path && !paths.includes(path)) paths.push(path);
  }
  return paths;
}

export const BatonPlugin = async ({ client, directory }) => {
  const cwd = directory || process.cwd();
  const pollMs = pollInterval();
  const sessions = new Map();
  const parents = new Map();
  const created = new Set();
  const warnings = new Map();
  let disposing = false;

  const rootOf = (id) => {
    let current = id;
    for (let i = 0; i < 16 && parents.has(current); i++) current = parents.get(current);
    return current;
  };
  const payload = (id, fields) => ({ session_id: id, cwd, ...fields });
  // The transcript is named once it has been written (a session start names where it will be).
  const withTranscript = (id, fields, always) => {
    const file = transcriptFile(id);
    const state = sessions.get(id);
    return file && (always || (state && state.saved)) ? { ...fields, transcript_path: file } : fields;
  };

  function notify(message) {
    debug(message);
    try {
      const shown = client.tui.showToast({ body: { message, variant: "info" } });
      if (shown && typeof shown.catch === "function") shown.catch(() => {});
    } catch {}
  }

  /** The session's state, starting it (session-start) the first time it is met. */
  function session(id, source) {
    let state = sessions.get(id);
    if (state) return state;
    state = { id, busy: false, ended: false, afterPush: false, lastPush: undefined, idleReply: undefined };
    state.idlePending = false;
    state.startContext = undefined;
    state.started = runHook("session-start", payload(id, withTranscript(id, { source }, true))).then((answer) => {
      state.startContext = answer && answer.context;
      if (answer && answer.notice) notify(answer.notice);
    });
    sessions.set(id, state);
    return state;
  }

  /** The session's messages: the newest \`limit\`, or all of them. */
  async function messages(id, limit) {
    const query = limit === undefined ? { directory: cwd } : { directory: cwd, limit };
    const result = await client.session.messages({ path: { id }, query });
    if (result && result.error) throw new Error(JSON.stringify(result.error).slice(0, 300));
    return Array.isArray(result && result.data) ? result.data : [];
  }

  function replyOf(list) {
    for (let i = list.length - 1; i >= 0; i--) {
      const info = list[i] && list[i].info;
      if (info && info.role === "assistant") {
        const text = textOf(list[i].parts);
        return text === "" ? undefined : text;
      }
    }
    return undefined;
  }

  /**
   * Writes the session's transcript from \`list\` (else from its messages, fetched now); never throws. A session
   * opencode no longer has (deleted, or the server going away) keeps the transcript written last.
   */
  async function saveTranscript(id, list) {
    const file = transcriptFile(id);
    if (!file) return;
    let temp;
    try {
      const all = list || (await bounded(messages(id), TIMEOUT_MS, "messages"));
      let info;
      try {
        const got = await bounded(
          client.session.get({ path: { id }, query: { directory: cwd } }),
          TIMEOUT_MS,
          "session",
        );
        info = got && got.data;
      } catch {}
      mkdirSync(dirname(file), { recursive: true, mode: 0o700 });
      temp = file + "." + process.pid + "-" + Date.now() + ".tmp";
      writeFileSync(temp, transcriptText(info, all), { mode: 0o600 });
      renameSync(temp, file);
      temp = undefined;
      const state = sessions.get(id);
      if (state) state.saved = true;
    } catch (error) {
      debug("transcript of " + id + ": " + describe(error));
      if (temp) {
        try {
          rmSync(temp, { force: true });
        } catch {}
      }
    }
  }

  /** Sends text into the session as a new user message, with the agent and model of its last user message. */
  async function push(state, text) {
    let agent;
    let model;
    try {
      const list = await messages(state.id, 50);
      for (let i = list.length - 1; i >= 0; i--) {
        const info = list[i] && list[i].info;
        if (info && info.role === "user") {
          agent = info.agent;
          model = info.model;
          break;
        }
      }
    } catch {}
    const result = await client.session.promptAsync({
      path: { id: state.id },
      query: { directory: cwd },
      body: { parts: [{ type: "text", text }], ...(agent ? { agent } : {}), ...(model ? { model } : {}) },
    });
    if (result && result.error) throw new Error(JSON.stringify(result.error));
  }

  /** The stop hook; a block is pushed into the session unless opencode is exiting. */
  function stop(state, reply) {
    // One stop at a time; an idle's reply is never dropped for a poll's stop still running.
    if (state.stopping) return reply === undefined ? state.stopping : state.stopping.then(() => stop(state, reply));
    state.stopping = (async () => {
      await state.started;
      const active = state.afterPush;
      state.afterPush = false;
      const answer = await runHook(
        "stop",
        payload(state.id, { last_assistant_message: reply, stop_hook_active: active }),
      );
      if (!answer) return;
      if (answer.notice) notify(answer.notice);
      if (!answer.block) return;
      if (disposing) return debug("opencode is exiting: not pushed: " + answer.block.slice(0, 200));
      if (answer.block === state.lastPush) return debug("the same text twice: not pushed again");
      state.lastPush = answer.block;
      state.afterPush = true;
      await push(state, answer.block);
    })()
      .catch((error) => debug("stop: " + describe(error)))
      .finally(() => {
        state.stopping = undefined;
        schedulePoll(state);
      });
    return state.stopping;
  }

  function schedulePoll(state) {
    clearTimeout(state.timer);
    if (pollMs <= 0 || disposing || state.busy || state.ended) return;
    state.timer = setTimeout(() => {
      if (disposing || state.busy || state.ended || state.stopping) return;
      stop(state, undefined);
    }, pollMs);
    if (state.timer && typeof state.timer.unref === "function") state.timer.unref();
  }

  async function onIdle(id) {
    const state = session(rootOf(id), "resume");
    state.busy = false;
    clearTimeout(state.timer);
    state.idlePending = true;
    const fetched = messages(state.id)
      .then(async (list) => {
        await saveTranscript(state.id, list);
        return replyOf(list);
      })
      .catch((error) => debug("reading the last reply: " + describe(error)));
    state.idleReply = fetched;
    const reply = await fetched;
    await new Promise((done) => setTimeout(done, SETTLE_MS));
    if (disposing || state.busy || !state.idlePending) return;
    state.idlePending = false;
    await stop(state, reply);
  }

  async function end(state) {
    if (state.ended) return;
    state.ended = true;
    clearTimeout(state.timer);
    await state.started;
    if (state.stopping) await state.stopping;
    if (state.idlePending) {
      state.idlePending = false;
      state.afterPush = true;
      await stop(state, await state.idleReply);
    }
    // opencode exiting has just written it at the idle that ends the run: its client is going away, not asked again.
    if (!(disposing && state.saved)) await saveTranscript(state.id);
    await runHook("session-end", payload(state.id, withTranscript(state.id, { reason: "exit" })));
  }

  async function onEvent(event) {
    const props = event.properties || {};
    if (event.type === "session.created" && props.info) {
      if (props.info.parentID) parents.set(props.info.id, props.info.parentID);
      else created.add(props.info.id);
    } else if (event.type === "session.status" && props.sessionID && !parents.has(props.sessionID)) {
      const state = sessions.get(props.sessionID);
      if (state && props.status && props.status.type === "busy") {
        state.busy = true;
        state.idlePending = false;
        clearTimeout(state.timer);
      }
    } else if (event.type === "session.idle" && props.sessionID && !parents.has(props.sessionID)) {
      await onIdle(props.sessionID);
    } else if (event.type === "session.deleted" && props.info && !parents.has(props.info.id)) {
      const state = sessions.get(props.info.id);
      if (state) await end(state);
    }
  }

  return {
    event: async ({ event }) => {
      try {
        await onEvent(event);
      } catch (error) {
        debug("event " + (event && event.type) + ": " + describe(error));
      }
    },

    "chat.message": async (input, output) => {
      try {
        if (parents.has(input.sessionID)) return;
        const state = session(input.sessionID, created.has(input.sessionID) ? "startup" : "resume");
        state.busy = true;
        state.idlePending = false;
        clearTimeout(state.timer);
        await state.started;
        const answer = await runHook("user-prompt-submit", payload(state.id, { prompt: textOf(output.parts) }));
        const texts = [state.startContext, answer && answer.context].filter(Boolean);
        state.startContext = undefined;
        if (answer && answer.notice) notify(answer.notice);
        if (texts.length === 0 || !output.message || !Array.isArray(output.parts)) return;
        output.parts.push({
          id: partId(),
          sessionID: input.sessionID,
          messageID: output.message.id,
          type: "text",
          text: texts.join("\\n\\n"),
          synthetic: true,
        });
      } catch (error) {
        debug("chat.message: " + describe(error));
      }
    },

    "tool.execute.before": async (input, output) => {
      let denied;
      try {
        if (!EDIT_TOOLS.has(input.tool)) return;
        const id = rootOf(input.sessionID);
        const notes = [];
        for (const path of editedPaths(input.tool, output && output.args)) {
          const answer = await runHook(
            "pre-tool-use",
            payload(id, { tool_name: input.tool, tool_input: { filePath: path } }),
          );
          if (!answer) continue;
          if (answer.notice) notify(answer.notice);
          if (answer.deny) denied = answer.deny;
          if (answer.context) notes.push(answer.context);
        }
        if (notes.length > 0) warnings.set(input.callID, notes.join("\\n"));
      } catch (error) {
        debug("tool.execute.before: " + describe(error));
      }
      if (denied) throw new Error(denied);
    },

    "tool.execute.after": async (input, output) => {
      try {
        const warning = warnings.get(input.callID);
        warnings.delete(input.callID);
        if (!EDIT_TOOLS.has(input.tool)) return;
        const id = rootOf(input.sessionID);
        const notes = warning ? [warning] : [];
        for (const path of editedPaths(input.tool, input.args)) {
          const answer = await runHook(
            "post-tool-use",
            payload(id, { tool_name: input.tool, tool_input: { filePath: path } }),
          );
          if (answer && answer.context) notes.push(answer.context);
          if (answer && answer.notice) notify(answer.notice);
        }
        if (notes.length > 0 && output && typeof output.output === "string") {
          output.output = output.output + "\\n\\n" + notes.join("\\n");
        }
      } catch (error) {
        debug("tool.execute.after: " + describe(error));
      }
    },

    "shell.env": async (input, output) => {
      try {
        if (input.sessionID && output && output.env) output.env.BATON_SESSION = rootOf(input.sessionID);
      } catch {}
    },

    "experimental.session.compacting": async (input) => {
      try {
        if (parents.has(input.sessionID)) return;
        await saveTranscript(input.sessionID);
        await runHook("pre-compact", payload(input.sessionID, withTranscript(input.sessionID, { trigger: "auto" })));
      } catch (error) {
        debug("compacting: " + describe(error));
      }
    },

    dispose: async () => {
      disposing = true;
      try {
        await Promise.allSettled([...sessions.values()].map(end));
      } catch (error) {
        debug("dispose: " + describe(error));
      }
    },
  };
};
`;
}
