// Well above any real hook input (a 5 MB reply included); past it, stdin is read and dropped, never buffered.
export const HOOK_STDIN_LIMIT = 16 * 1024 * 1024;
