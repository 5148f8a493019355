// Calls per API key: at most `max` a minute in fixed one-minute windows, counted by this server (an instance
// behind a balancer counts its own share). Over it, 429 with Retry-After: the seconds until the window ends.
export class KeyRateLimit {
  private readonly windows = new Map<number, { start: number; count: number }>();

  constructor(
    private readonly max: number,
    private readonly windowMs = 60_000,
    private readonly now: () => number = Date.now,
  ) {}

  /** 0 when the call may go ahead, else the seconds to wait. */
  take(keyId: number): number {
    const now = this.now();
    let window = this.windows.get(keyId);
    if (!window || now - window.start >= this.windowMs) {
      window = { start: now, count: 0 };
      this.windows.set(keyId, window);
      // Windows of keys that went quiet are dropped as others start, so the map stays as small as the active keys.
      if (this.windows.size > 10_000) for (const [id, w] of this.windows) if (now - w.start >= this.windowMs) this.windows.delete(id);
    }
    window.count += 1;
    return window.count <= this.max ? 0 : Math.max(1, Math.ceil((window.start + this.windowMs - now) / 1000));
  }
}
