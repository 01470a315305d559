/**
 * A bounded first-in first-out buffer: while the server is unreachable the newest samples are
 * kept and the oldest dropped, so memory stays bounded however long the outage lasts.
 */
export class SampleBuffer<T> {
  private items: T[] = [];
  private droppedCount = 0;

  constructor(readonly capacity: number) {
    if (!Number.isInteger(capacity) || capacity < 1) throw new Error('capacity must be ≥ 1');
  }

  push(item: T): void {
    this.items.push(item);
    if (this.items.length > this.capacity) {
      this.items.shift();
      this.droppedCount += 1;
    }
  }

  /** The oldest `count` items, left in place until `remove`. */
  peek(count: number): T[] {
    return this.items.slice(0, count);
  }

  remove(count: number): void {
    this.items.splice(0, count);
  }

  get size(): number {
    return this.items.length;
  }

  /** How many samples were dropped for lack of room since the start. */
  get dropped(): number {
    return this.droppedCount;
  }
}
