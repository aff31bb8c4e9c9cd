/**
 * The captions of a game, in the order they are said. Most are said at once; the stars' sentence
 * is said later (once the stars have landed, or when their celebration is cut short), and a caption
 * said later must never cover a newer one: the child would read what already happened as news.
 */
export class CaptionLine<C> {
  private said = 0;

  constructor(private readonly emit: (caption: C) => void) {}

  say(caption: C): void {
    this.said += 1;
    this.emit(caption);
  }

  /** A caption to say later: the function says it once, unless another caption was said since this call. */
  later(caption: C): () => void {
    const due = this.said;
    let done = false;
    return () => {
      if (done) return;
      done = true;
      if (this.said === due) this.say(caption);
    };
  }
}
