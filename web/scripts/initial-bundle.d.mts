/** Raw and gzip bytes. */
export interface Figures {
  raw: number;
  gzip: number;
}

export interface InitialBundle extends Figures {
  /** The JavaScript among the entry's files. */
  js: Figures;
  files: Array<Figures & { file: string }>;
  /**
   * Initial JavaScript per route ('/', '/pricing', … or the page module's path): what loads without
   * any interaction (a prerendered page: its start module only).
   */
  routes: Record<string, Figures>;
  /** What the first interaction loads on each prerendered page (the app that takes the page over). */
  firstInteraction: Record<string, Figures>;
}

export function initialBundle(dist: string): InitialBundle;
