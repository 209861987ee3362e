// The conversation's tail as a transcript streams past: the prompts and assistant messages, newest kept, within a
// character budget — so a model can read how the session ended whatever the transcript's size.

export interface Turn {
  role: 'user' | 'assistant';
  text: string;
  /** The turn's start was cut to fit the budget (its end, the newest part, is kept). */
  cut?: boolean;
}

/** A bounded tail of turns: adding past the budget forgets the oldest turns first. */
export class ConversationTail {
  readonly turns: Turn[] = [];
  /** Turns forgotten (or never kept) because the budget was full. */
  dropped = 0;
  private chars = 0;

  /** `budget`: characters of turn text kept at most (at least 1). */
  constructor(readonly budget: number) {}

  /** Adds a turn; `append` joins it to the last turn of the same role (one reply written as several lines). */
  add(role: Turn['role'], text: string, append = false): void {
    if (text.trim() === '') return;
    const last = this.turns.at(-1);
    if (append && last?.role === role) {
      this.chars -= last.text.length;
      last.text = `${last.text}\n\n${text}`;
      this.chars += last.text.length;
    } else {
      this.turns.push({ role, text });
      this.chars += text.length;
    }
    this.trim();
  }

  private trim(): void {
    while (this.chars > this.budget && this.turns.length > 1) {
      this.chars -= this.turns.shift()!.text.length;
      this.dropped++;
    }
    const only = this.turns[0];
    if (only && this.chars > this.budget) {
      only.text = only.text.slice(only.text.length - Math.max(1, this.budget));
      only.cut = true;
      this.chars = only.text.length;
    }
  }
}
