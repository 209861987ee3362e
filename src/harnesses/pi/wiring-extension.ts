// The text of baton's pi extension (.pi/extensions/baton.ts): pi has no command hooks and no MCP by design, so this
// extension is baton's whole integration there. pi loads it as TypeScript (jiti) with no install step, so it imports
// nothing but node:child_process and declares the few pi types it uses itself. It never breaks pi: every baton call is
// bounded by a timeout, every failure is swallowed (shown on stderr only with BATON_DEBUG), nothing goes to stdout.
//
// What it does (pi 0.73, docs/extensions.md):
// - the session's first prompt → session-start (session_id: sessionManager.getSessionId(), transcript_path:
//   getSessionFile(), the session's JSONL; not at session_start, so mail is never taken by a session closed before
//   anyone prompts it); its context and each prompt's user-prompt-submit context reach the model as a custom message
//   from before_agent_start. At session_start BATON_SESSION is set in pi's environment, so `baton` run by the agent's
//   bash tool knows its session.
// - tool_call / tool_result on write and edit → pre-tool-use (a deny blocks the call, a warning is appended to the
//   tool's result) and post-tool-use (the path is recorded on the session, what `baton who-else` reads).
// - agent_end → stop with the last assistant reply: commits a pending two-phase card write; a block (waiting mail, a
//   request made from outside) is sent as a follow-up user message; the run that push causes stops with
//   stop_hook_active, and the same text is never pushed twice.
// - session_before_compact → pre-compact (a raw handoff from the transcript); session_shutdown → session-end (not on
//   reload: the session goes on), after pushed work has settled.
// - /board new|write|read|del|clean|open and /handoff for the person (see BOARD_USAGE).

/** The text of .pi/extensions/baton.ts, running `baton` (e.g. `[node, /abs/bin/baton.js]`) for every call. */
export function piExtensionSource(baton: string[]): string {
  return `// baton's extension for pi: mail, two-phase card writes, edits and handoffs through the baton CLI.
// Rewritten by \`baton init --harness pi\`; set BATON_DEBUG=1 to see its errors on stderr.
import { spawn } from "node:child_process";

const BATON: string[] = ${JSON.stringify(baton)};
const HARNESS = "pi";
const TIMEOUT_MS = 10000;
const MAX_OUTPUT = 1048576;
const EDIT_TOOLS = new Set(["write", "edit"]);
const BOARD_USAGE =
  "/board new <title> · /board write <card> <intent> · /board read <card> · /board del <card> · " +
  "/board clean · /board open";
const HANDOFF_PROMPT = [
  "Write a handoff note of this session for whoever continues it.",
  "Reply with only the note's body: exactly these six Markdown sections, none empty, concrete",
  "(files, commands, results):",
  "## Goal",
  "## Done",
  "## State and open questions",
  "## Decisions and rejected options",
  "## Pitfalls and blockers",
  "## Next steps and read-first list",
  "No tools, nothing before or after the sections: baton saves your reply as the note.",
].join("\\n");

interface Answer {
  context?: string;
  block?: string;
  deny?: string;
  notice?: string;
}

interface Ran {
  code: number | null;
  stdout: string;
  stderr: string;
}

// The parts of pi's extension API this file uses (@mariozechner/pi-coding-agent, ExtensionAPI).
interface Ctx {
  cwd: string;
  hasUI: boolean;
  sessionManager: { getSessionId(): string; getSessionFile(): string | undefined };
  ui: {
    notify(message: string, type?: "info" | "warning" | "error"): void;
    confirm(title: string, message: string): Promise<boolean>;
  };
  isIdle(): boolean;
  waitForIdle?(): Promise<void>;
}
interface Pi {
  on(event: string, handler: (event: any, ctx: Ctx) => unknown): void;
  registerCommand(
    name: string,
    options: {
      description?: string;
      getArgumentCompletions?: (prefix: string) => { value: string; label: string }[] | null;
      handler: (args: string, ctx: Ctx) => Promise<void>;
    },
  ): void;
  sendMessage(
    message: { customType: string; content: string; display: boolean },
    options?: { triggerTurn?: boolean },
  ): void;
  sendUserMessage(content: string, options?: { deliverAs?: "steer" | "followUp" }): void;
}

function debug(message: string): void {
  if (!process.env.BATON_DEBUG) return;
  try {
    process.stderr.write("baton pi extension: " + message + "\\n");
  } catch {}
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** Runs baton with args; resolves to its exit code and output, or undefined when it could not run (never rejects). */
function runBaton(
  args: string[],
  options: { cwd: string; input?: string; session?: string },
): Promise<Ran | undefined> {
  return new Promise((resolve) => {
    let done = false;
    let stdout = "";
    let stderr = "";
    let timer: ReturnType<typeof setTimeout> | undefined;
    const finish = (value: Ran | undefined) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      resolve(value);
    };
    let child: ReturnType<typeof spawn>;
    try {
      const env: Record<string, string | undefined> = { ...process.env };
      delete env.BATON_SESSION;
      if (options.session) env.BATON_SESSION = options.session;
      child = spawn(BATON[0], [...BATON.slice(1), ...args], {
        cwd: options.cwd,
        env,
        stdio: ["pipe", "pipe", "pipe"],
        windowsHide: true,
      });
    } catch (error) {
      debug(args.slice(0, 2).join(" ") + ": " + describe(error));
      finish(undefined);
      return;
    }
    timer = setTimeout(() => {
      debug(args.slice(0, 2).join(" ") + ": no answer within " + TIMEOUT_MS + " ms");
      try {
        child.kill();
      } catch {}
      finish(undefined);
    }, TIMEOUT_MS);
    const collect = (which: "out" | "err") => (chunk: string) => {
      if (which === "out") stdout += chunk;
      else stderr += chunk;
      if (stdout.length + stderr.length > MAX_OUTPUT) {
        try {
          child.kill();
        } catch {}
        finish(undefined);
      }
    };
    child.stdout?.setEncoding("utf8");
    child.stderr?.setEncoding("utf8");
    child.stdout?.on("data", collect("out"));
    child.stderr?.on("data", collect("err"));
    child.on("error", (error) => {
      debug(args.slice(0, 2).join(" ") + ": " + describe(error));
      finish(undefined);
    });
    child.on("close", (code) => finish({ code, stdout, stderr }));
    child.stdin?.on("error", () => {});
    child.stdin?.end(options.input ?? "");
  });
}

async function runHook(event: string, payload: Record<string, unknown>): Promise<Answer | undefined> {
  const ran = await runBaton(["hook", event, "--harness", HARNESS], {
    cwd: String(payload.cwd),
    input: JSON.stringify(payload),
  });
  if (!ran || ran.stdout.trim() === "") return undefined;
  if (process.env.BATON_DEBUG && ran.stderr) debug(event + ": " + ran.stderr.trim());
  try {
    const value = JSON.parse(ran.stdout);
    if (!value || typeof value !== "object" || Array.isArray(value)) return undefined;
    const pick = (key: string) => (typeof value[key] === "string" && value[key] !== "" ? value[key] : undefined);
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

function textOf(message: any): string {
  const content = message && message.content;
  if (typeof content === "string") return content;
  if (!Array.isArray(content)) return "";
  return content
    .filter((part: any) => part && part.type === "text" && typeof part.text === "string")
    .map((part: any) => part.text)
    .join("\\n");
}

function lastReply(messages: any[]): string | undefined {
  for (let i = (messages || []).length - 1; i >= 0; i--) {
    if (messages[i] && messages[i].role === "assistant") {
      const text = textOf(messages[i]);
      return text === "" ? undefined : text;
    }
  }
  return undefined;
}

/** What a baton command said, for a notification: its output, else its error, else why it did not run. */
function said(ran: Ran | undefined): string {
  if (!ran) return "baton did not answer (set BATON_DEBUG=1 to see why)";
  const text = (ran.code === 0 ? ran.stdout || ran.stderr : ran.stderr || ran.stdout).trim();
  return text.replace(/\\n?\\[board [^\\]]*\\]$/, "").trim() || (ran.code === 0 ? "done" : "failed");
}

export default function baton(pi: Pi): void {
  let session = "";
  let transcript: string | undefined;
  let cwd = process.cwd();
  let source = "startup";
  let started: Promise<void> | undefined;
  let startContext: string | undefined;
  let afterPush = false;
  let lastPush: string | undefined;
  let handoff: { title: string; armed: boolean } | undefined;
  const inflight = new Set<Promise<unknown>>();
  const warnings = new Map<string, string>();

  const payload = (fields: Record<string, unknown>) => ({
    session_id: session,
    cwd,
    ...(transcript ? { transcript_path: transcript } : {}),
    ...fields,
  });
  const track = <T>(work: Promise<T>): Promise<T> => {
    inflight.add(work);
    work.finally(() => inflight.delete(work)).catch(() => {});
    return work;
  };
  const notify = (ctx: Ctx, message: string, type: "info" | "warning" | "error" = "info") => {
    debug(message);
    try {
      ctx.ui.notify(message, type);
    } catch {}
  };
  const baton = (ctx: Ctx, args: string[], options: { input?: string; session?: boolean } = {}) =>
    runBaton(args, { cwd: ctx.cwd || cwd, input: options.input, session: options.session ? session : undefined });
  const idle = async (ctx: Ctx) => {
    if (!ctx.isIdle() && ctx.waitForIdle) await ctx.waitForIdle();
  };
  // The session starts (session-start: registered, index and waiting mail taken) at its first prompt, not when pi
  // opens it: mail handed to a session that is closed before anyone prompts it would be marked delivered and lost.
  const start = (ctx: Ctx): Promise<void> => {
    if (!started) {
      started = track(
        runHook("session-start", payload({ source })).then((answer) => {
          startContext = answer && answer.context;
          if (answer && answer.notice) notify(ctx, answer.notice);
        }),
      );
    }
    return started;
  };
  const send = (ctx: Ctx, text: string) =>
    ctx.isIdle() ? pi.sendUserMessage(text) : pi.sendUserMessage(text, { deliverAs: "followUp" });

  pi.on("session_start", async (event, ctx) => {
    try {
      session = ctx.sessionManager.getSessionId();
      transcript = ctx.sessionManager.getSessionFile();
      cwd = ctx.cwd || cwd;
      afterPush = false;
      lastPush = undefined;
      started = undefined;
      startContext = undefined;
      process.env.BATON_SESSION = session;
      source = event && (event.reason === "resume" || event.reason === "reload") ? "resume" : "startup";
    } catch (error) {
      debug("session_start: " + describe(error));
    }
  });

  pi.on("before_agent_start", async (event, ctx) => {
    try {
      if (!session) return undefined;
      await start(ctx);
      if (handoff && event && event.prompt === HANDOFF_PROMPT) handoff.armed = true;
      const answer = await runHook("user-prompt-submit", payload({ prompt: (event && event.prompt) || "" }));
      if (answer && answer.notice) notify(ctx, answer.notice);
      const texts = [startContext, answer && answer.context].filter(Boolean);
      startContext = undefined;
      if (texts.length === 0) return undefined;
      return { message: { customType: "baton", content: texts.join("\\n\\n"), display: true } };
    } catch (error) {
      debug("before_agent_start: " + describe(error));
      return undefined;
    }
  });

  pi.on("tool_call", async (event, ctx) => {
    try {
      if (!session || !EDIT_TOOLS.has(event.toolName)) return undefined;
      const path = event.input && event.input.path;
      if (typeof path !== "string" || path === "") return undefined;
      await start(ctx);
      const answer = await runHook("pre-tool-use", payload({ tool_name: event.toolName, tool_input: { path } }));
      if (!answer) return undefined;
      if (answer.notice) notify(ctx, answer.notice, "warning");
      if (answer.context) warnings.set(event.toolCallId, answer.context);
      if (answer.deny) return { block: true, reason: answer.deny };
    } catch (error) {
      debug("tool_call: " + describe(error));
    }
    return undefined;
  });

  pi.on("tool_result", async (event, ctx) => {
    try {
      const warning = warnings.get(event.toolCallId);
      warnings.delete(event.toolCallId);
      if (!session || !EDIT_TOOLS.has(event.toolName) || event.isError) return undefined;
      const path = event.input && event.input.path;
      if (typeof path !== "string" || path === "") return undefined;
      await start(ctx);
      const answer = await runHook("post-tool-use", payload({ tool_name: event.toolName, tool_input: { path } }));
      if (answer && answer.notice) notify(ctx, answer.notice);
      const notes = [warning, answer && answer.context].filter(Boolean);
      if (notes.length === 0) return undefined;
      return { content: [...(event.content || []), { type: "text", text: notes.join("\\n") }] };
    } catch (error) {
      debug("tool_result: " + describe(error));
      return undefined;
    }
  });

  async function saveHandoff(ctx: Ctx, title: string, reply: string | undefined): Promise<void> {
    if (!reply) return notify(ctx, "baton: no handoff written — the reply was empty", "warning");
    const args = ["handoff", "write", "--session", session, "--harness", HARNESS];
    if (title) args.push("--title", title);
    const ran = await baton(ctx, args, { input: reply });
    notify(ctx, "baton: " + said(ran), ran && ran.code === 0 ? "info" : "error");
  }

  pi.on("agent_end", async (event, ctx) => {
    if (!session) return;
    const work = track(
      (async () => {
        await start(ctx);
        const reply = lastReply(event && event.messages);
        if (handoff && handoff.armed) {
          const { title } = handoff;
          handoff = undefined;
          await saveHandoff(ctx, title, reply);
        }
        const active = afterPush;
        afterPush = false;
        const answer = await runHook("stop", payload({ last_assistant_message: reply, stop_hook_active: active }));
        if (!answer) return;
        if (answer.notice) notify(ctx, answer.notice);
        if (!answer.block) return;
        if (answer.block === lastPush) return debug("the same text twice: not pushed again");
        lastPush = answer.block;
        afterPush = true;
        pi.sendUserMessage(answer.block, { deliverAs: "followUp" });
      })(),
    );
    try {
      await work;
    } catch (error) {
      debug("agent_end: " + describe(error));
    }
  });

  // Before pi compacts the context: a raw handoff from the transcript, so nothing is lost to the summary.
  pi.on("session_before_compact", async () => {
    try {
      if (started) await runHook("pre-compact", payload({ trigger: "auto" }));
    } catch (error) {
      debug("session_before_compact: " + describe(error));
    }
    return undefined;
  });

  pi.on("session_shutdown", async (event, ctx) => {
    try {
      if (!session) return;
      // A push still being answered (pi -p exits after its first prompt) finishes first, within a minute.
      const until = Date.now() + 60000;
      while (Date.now() < until) {
        await Promise.allSettled([...inflight]);
        if (!afterPush || ctx.isIdle()) break;
        await new Promise((done) => setTimeout(done, 100));
      }
      await Promise.allSettled([...inflight]);
      if (event && event.reason === "reload") return;
      if (process.env.BATON_SESSION === session) delete process.env.BATON_SESSION;
      // A session never prompted was never started: there is nothing to end.
      if (started) await runHook("session-end", payload({ reason: (event && event.reason) || "quit" }));
    } catch (error) {
      debug("session_shutdown: " + describe(error));
    }
  });

  async function board(args: string, ctx: Ctx): Promise<void> {
    const text = args.trim();
    const space = text.search(/\\s/);
    const sub = space === -1 ? text : text.slice(0, space);
    const rest = space === -1 ? "" : text.slice(space).trim();
    const restSpace = rest.search(/\\s/);
    const first = restSpace === -1 ? rest : rest.slice(0, restSpace);
    const tail = restSpace === -1 ? "" : rest.slice(restSpace).trim();
    if (sub === "new" && rest) {
      const ran = await baton(ctx, ["card", "new", "--", rest], { session: true });
      return notify(ctx, "baton: " + said(ran), ran && ran.code === 0 ? "info" : "error");
    }
    if (sub === "write" && first && tail) {
      await idle(ctx);
      await start(ctx);
      const ran = await baton(ctx, ["card", "ask", "--session", session, "--", first, tail], { session: true });
      if (!ran || ran.code !== 0) return notify(ctx, "baton: " + said(ran), "error");
      notify(ctx, "baton: asked the agent for an entry on " + first + "; its next reply is written to the card");
      return send(ctx, ran.stdout.trim());
    }
    if (sub === "read" && rest) {
      const ran = await baton(ctx, ["card", "read", "--", rest]);
      if (!ran || ran.code !== 0) return notify(ctx, "baton: " + said(ran), "error");
      return pi.sendMessage({ customType: "baton-card", content: ran.stdout.trimEnd(), display: true });
    }
    if (sub === "del" && rest) {
      if (!(await ctx.ui.confirm("Delete card", "Delete card " + rest + " from the baton board?"))) {
        return notify(ctx, "baton: card " + rest + " kept");
      }
      const ran = await baton(ctx, ["card", "del", "--yes", "--", rest]);
      return notify(ctx, "baton: " + said(ran), ran && ran.code === 0 ? "info" : "error");
    }
    if (sub === "clean" && !rest) {
      if (!(await ctx.ui.confirm("Delete every card", "Delete every card on the baton board?"))) {
        return notify(ctx, "baton: cards kept");
      }
      const ran = await baton(ctx, ["card", "clean", "--yes"]);
      return notify(ctx, "baton: " + said(ran), ran && ran.code === 0 ? "info" : "error");
    }
    if (sub === "open" && !rest) {
      const ran = await baton(ctx, ["card", "open"]);
      if (!ran || ran.code !== 0) return notify(ctx, "baton: " + said(ran), "error");
      const hint = "In a terminal: baton board · baton card list · baton serve";
      return notify(ctx, "baton cards: " + said(ran) + "\\n" + hint);
    }
    notify(ctx, "usage: " + BOARD_USAGE, "warning");
  }

  pi.registerCommand("board", {
    description: "baton board: " + BOARD_USAGE,
    getArgumentCompletions: (prefix) => {
      if (/\\s/.test(prefix)) return null;
      const items = ["new", "write", "read", "del", "clean", "open"]
        .filter((sub) => sub.startsWith(prefix))
        .map((sub) => ({ value: sub, label: sub }));
      return items.length > 0 ? items : null;
    },
    handler: async (args, ctx) => {
      try {
        await board(args || "", ctx);
      } catch (error) {
        notify(ctx, "baton: " + describe(error), "error");
      }
    },
  });

  pi.registerCommand("handoff", {
    description: "Have the agent write a six-section handoff note and save it to the baton board [title]",
    handler: async (args, ctx) => {
      try {
        await idle(ctx);
        handoff = { title: (args || "").trim(), armed: false };
        send(ctx, HANDOFF_PROMPT);
      } catch (error) {
        notify(ctx, "baton: " + describe(error), "error");
      }
    },
  });
}
`;
}
