// Lists that page on their own: `for await (const item of list)` asks for the next page when
// the current one is used up, stopping on `has_more: false` (runs) or once `total` is reached.

export type PageInfo = { total: number; limit: number; offset: number; has_more?: boolean };

export class PagedList<Item, Page extends PageInfo> implements AsyncIterable<Item> {
  constructor(
    private readonly fetchPage: (offset: number) => Promise<Page>,
    private readonly itemsOf: (page: Page) => Item[],
    private readonly startOffset = 0,
  ) {}

  /** The first page as the API answers it (items, `total`, `limit`, `offset`). */
  firstPage(): Promise<Page> {
    return this.fetchPage(this.startOffset);
  }

  /** Every page in turn. */
  async *pages(): AsyncGenerator<Page> {
    let offset = this.startOffset;
    for (;;) {
      const page = await this.fetchPage(offset);
      yield page;
      const count = this.itemsOf(page).length;
      offset += count;
      const more = page.has_more ?? offset < page.total;
      if (!more || count === 0) return;
    }
  }

  async *[Symbol.asyncIterator](): AsyncGenerator<Item> {
    for await (const page of this.pages()) yield* this.itemsOf(page);
  }

  /** Every item in one array (at most `max`, default 10,000). */
  async toArray(max = 10_000): Promise<Item[]> {
    const items: Item[] = [];
    for await (const item of this) {
      items.push(item);
      if (items.length >= max) break;
    }
    return items;
  }
}
