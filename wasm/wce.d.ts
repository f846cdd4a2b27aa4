// Types of the wce JavaScript API: wasm/wce.cjs (CommonJS, require('wce')),
// wasm/wce_api.js (CommonJS / classic script: self.WCE) and
// wasm/dom_encoder.js (CommonJS / classic script: self.WCEEncoder). The
// ES-module entry wasm/wce.mjs has wce.d.mts (these plus a default export).
/// <reference lib="dom" />

/** One registered extractor. */
export interface ExtractorInfo {
  /** Registry key, e.g. "bte". */
  readonly name: string;
  readonly family: 'baseline' | 'heuristic' | 'learned' | 'ensemble' | (string & {});
  /** Paper or project the algorithm comes from. */
  readonly reference: string;
  readonly description: string;
  /** How its labels become text: "plain" (block elements break lines) or
   *  "layout" (also list bullets, data table rows on one line). */
  readonly render: 'plain' | 'layout';
  /** The extractors whose labels it uses (checked by the core's registry). */
  readonly needs: readonly string[];
}

/** Milliseconds spent in each step of one call. */
export interface Timing {
  /** Gumbo parse (extract) or flat-DOM decode (classify). */
  parseMs: number;
  extractMs: number;
  /** Labels -> text. */
  renderMs: number;
  /** The whole call as seen from JavaScript (extractMany / classifyMany: parse + extract + render). */
  totalMs: number;
  /** With options.pageType: what the page type added (run after the extractor, on its features). */
  pageTypeMs?: number;
}

/**
 * The page's type (wce::classify_page_type, one of WCXB's seven kinds), asked
 * for with options.pageType.
 */
export interface PageType {
  /** "article" | "forum" | "product" | "collection" | "listing" | "documentation" | "service". */
  name: string;
  /** In plain words: "News or blog article", "Forum thread", "Product page", ... */
  label: string;
  /** The classifier's probability of that type, in (0, 1]. */
  probability: number;
  /** Time the page type took (after the extractors, reusing their features). */
  ms: number;
}

/** Asks for the page type too; callers that do not ask pay nothing. */
export interface PageTypeOptions {
  /** Also classify the page's type (result field pageType). Default false. */
  pageType?: boolean;
  /** The page's address (e.g. the tab's URL): the classifier's URL features. Default unknown. */
  url?: string;
}

export interface ExtractResult {
  extractor: string;
  /** The main content: block elements on their own lines. */
  text: string;
  /**
   * One score in [0, 1] per text node, in document order (>= 0.5: main
   * content). On the classify path, labels[k] belongs to encodeDom(...).textNodes[k].
   * A copy: stays valid after further calls.
   */
  labels: Float32Array;
  timing: Timing;
  /** Only with options.pageType. */
  pageType?: PageType;
  /** With {format: "markdown"}: GitHub-flavoured Markdown of the same content. */
  markdown?: string;
  /** With {format: "html"}: cleaned HTML of the same content (no attributes but href, src, alt). */
  html?: string;
  /** classify with {metadata: true}: the page's metadata, from the same decode (as metadata(flat, {url})). */
  metadata?: Metadata;
}

/** A page's metadata; "" for what the page does not give. */
export interface Metadata {
  title: string;
  /** Several authors joined by "; ". */
  author: string;
  /** Published, ISO 8601. */
  date: string;
  modified: string;
  site: string;
  lang: string;
  description: string;
  /** The canonical URL (else options.url). */
  url: string;
  image: string;
  /** "article", "forum", "product", "collection", "listing", "documentation" or "service". */
  page_type: string;
  page_type_probability: number;
}

export interface MetadataOptions {
  /** Where the page came from: relative URLs are resolved against it. */
  url?: string;
  lang?: string;
}

/** extractMany / classifyMany: one parse or decode, several extractors. */
export interface ManyResult {
  parseMs: number;
  totalMs: number;
  /** In the order of options.extractors (default: registry order). */
  results: ExtractResult[];
  /** Only with options.pageType (once for the page). */
  pageType?: PageType;
}

export interface ExtractOptions extends PageTypeOptions {
  /** A registered extractor name; default "ensemble" (DEFAULT_EXTRACTOR). */
  extractor?: string;
  /** The page's stated language ("pl", "zh-CN"; default unknown): jusText takes its stop list. */
  lang?: string;
  /** Also render the content as Markdown or cleaned HTML (result.markdown / result.html). */
  format?: 'text' | 'markdown' | 'html';
  /** Markdown: keep links as [text](href). */
  links?: boolean;
  /** Markdown: keep images inside the content as ![alt](src). */
  images?: boolean;
  /** classify only: also the page's metadata (result.metadata), from the same decode. */
  metadata?: boolean;
}

export interface ManyOptions extends PageTypeOptions {
  /** Registered extractor names; default: all of them. */
  extractors?: string[];
  /** The page's stated language, as in ExtractOptions. */
  lang?: string;
}

/**
 * The flat encoding of a DOM (core/include/wce/html.hpp): 10 uint32 per node
 * [kind | flags << 8, parent index (0xFFFFFFFF: root), then the UTF-16 lengths
 * of tag name, id, class, role, itemprop, aria-hidden, style, text] and the
 * concatenated strings. Plain arrays and JSON-serialised typed arrays (as they
 * arrive through extension messaging) are accepted too.
 */
export interface FlatDom {
  nodes: Uint32Array | ArrayLike<number> | { readonly [index: string]: number };
  strings: string;
  /** The attribute section (metadata, links, images, table spans); optional. */
  attrs?: Uint32Array | ArrayLike<number> | { readonly [index: string]: number };
  attrStrings?: string;
}

/** ROUGE-LSum. */
export interface PRF {
  precision: number;
  recall: number;
  f1: number;
}

export interface Wce {
  /** The registered extractors, in registry order (a copy). */
  extractors(): ExtractorInfo[];
  /** The core version, e.g. "0.1.0". */
  version(): string;
  /** The extractor used when options name none: "ensemble" (the core's wce::kDefaultExtractor). */
  defaultExtractor(): string;
  /** The page as extract() reads it: an unclosed <title> is ended before the next tag. */
  repairHtml(html: string): string;
  /**
   * Parses decoded HTML with Gumbo and runs one extractor.
   * @throws TypeError if html is not a string; Error for an unknown extractor.
   */
  extract(html: string, options?: ExtractOptions): ExtractResult;
  /**
   * The page's metadata (title, author, date, site, ..., page type), from
   * decoded HTML or from a live DOM's flat encoding (encodeDom: its attrs).
   */
  metadata(html: string | FlatDom, options?: MetadataOptions): Metadata;
  /** Parses once and runs several extractors (shared per-document features). */
  extractMany(html: string, options?: ManyOptions): ManyResult;
  /**
   * Runs one extractor on a flat DOM from encodeDom (the live-DOM path: no parse).
   * @throws TypeError for wrong argument types; Error for an unknown extractor
   * or a malformed flat DOM (the message says what is wrong).
   */
  classify(flat: FlatDom, options?: ExtractOptions): ExtractResult;
  classifyMany(flat: FlatDom, options?: ManyOptions): ManyResult;
  /** ROUGE-LSum of the predicted text against the gold text. */
  evaluate(predicted: string, gold: string): PRF;
  /** Names of the page measures: wce::measure_names(), then rouge_lsum_words_{p,r,f1} (the ROUGE-LSum of `wce bench`'s table); the order of BenchPage values. */
  measureNames(): string[];
  /** Every page measure (wce::measure_page) of predicted against gold. */
  measure(predicted: string, gold: string, options?: { lang?: string }): { values: Record<string, number>; characters: boolean };
  /** Page complexity with gold (Bevendorff et al. 2023) and the estimate without gold (P(above median)). */
  complexity(html: string, gold: string): { score: number; estimate: number };
  /** Quartile thresholds of complexity scores: low < q1, high > q3. */
  complexityLevels(scores: ArrayLike<number>): { q1: number; q3: number };
  /** One benchmark page as `wce bench` runs it (one parse, every extractor, every measure). */
  benchPage(html: string, gold: string,
            options?: { extractors?: string[]; lang?: string; with?: string[]; without?: string[] }): BenchPage;
  /** WCXB's snippet rates: the share of `with` / `without` snippets found in the text (1 for none). */
  snippetRates(text: string, options?: { with?: string[]; without?: string[] }): { with: number; without: number };
  /** The rows of `wce bench` (wce::aggregate) over benchmark pages; failed extractions left out. */
  aggregate(pages: AggregatePage[], options?: AggregateOptions): { levels: { q1: number; q3: number }; rows: AggregateRow[] };
  /** The measures of value columns (default measureNames()): X for X_p/X_r/X_f1, other columns alone. */
  measures(columns?: string[]): Array<{ name: string; prf: boolean }>;
  /** Mean, population standard deviation and quartiles (numpy's linear interpolation). */
  summarize(values: ArrayLike<number>): Summary;
  /** Each score's complexity group: 'low' (< q1), 'high' (> q3), 'medium', or '(unknown)' for NaN. */
  complexityGroups(scores: ArrayLike<number>, levels: { q1: number; q3: number }): string[];
}

export interface Summary { n: number; mean: number; median: number; q1: number; q3: number; stdev: number }

type PageScore = { ms?: number; values: ArrayLike<number> } | { error: string };
export interface AggregatePage {
  id: string;
  dataset: string;
  lang?: string;
  /** Bevendorff et al. complexity with gold; NaN or absent: unknown. */
  complexity?: number;
  /** HTML size in kB (1000 bytes), for ms per kB. */
  kb?: number;
  /** WCXB's meta.page_type, for groupBy 'page_type'. */
  page_type?: string;
  /** Per extractor, as benchPage() gives them (values in `columns` order). */
  results: Record<string, PageScore> | Array<{ extractor: string } & PageScore>;
}
export interface AggregateOptions {
  /** Measure families or single-value columns (default ['rouge_lsum_words']). */
  measures?: string[];
  groupBy?: 'dataset' | 'complexity' | 'language' | 'page_type';
  /** Only these extractors, in this row order (default: all, first seen first). */
  extractors?: string[];
  /** The names of the `values` columns (default measureNames()). */
  columns?: string[];
  /** Complexity quartiles (default: those of these pages). */
  levels?: { q1: number; q3: number };
}
export interface AggregateRow {
  extractor: string;
  /** The group: a dataset, complexity level or language, or "(macro)" / "(micro)". */
  group: string;
  measure: string;
  prf: boolean;
  pages: number;
  p: Summary;
  r: Summary;
  /** F1, or the value of a single-value measure. */
  f: Summary;
  msPerPage: number;
  msPerKb: number;
}

/** The Emscripten factory of build/wasm/wce_core.js (global createWceCore). */
export interface BenchPage {
  parseMs: number;
  complexity: number;
  complexityEstimate: number;
  /** block: the block-level measure (text nodes against the gold text's alignment), as `wce bench --measures block`. */
  results: Array<{ extractor: string; ms: number; values: Float64Array; block: { precision: number; recall: number; f1: number }; snippets: { with: number; without: number }; labels: Float32Array } | { extractor: string; error: string }>;
}

export type CoreFactory = (moduleOptions?: Record<string, unknown>) => Promise<unknown>;

export interface CreateOptions {
  /**
   * The core factory. Default: the global createWceCore (after
   * importScripts('wce_core.js')), else require('../build/wasm/wce_core.js') in Node.
   */
  coreFactory?: CoreFactory;
  /** Passed to the factory: Emscripten Module overrides (e.g. wasmBinary, locateFile). */
  moduleOptions?: Record<string, unknown>;
}

/** Loads the WebAssembly core. Rejects with a TypeError for bad options. */
export function createExtractor(options?: CreateOptions): Promise<Wce>;

export const DEFAULT_EXTRACTOR: 'ensemble';

/** encodeDom's result. */
export interface EncodedDom {
  nodes: Uint32Array;
  strings: string;
  /** [element's flat index, attribute (ATTRIBUTES index), length] per kept value. */
  attrs: Uint32Array;
  attrStrings: string;
  /** textNodes[k] is the live node that label k of a classify() result refers to. */
  textNodes: Array<Text | CDATASection>;
}

/**
 * Walks a Document (live page, DOMParser or jsdom) iteratively in document
 * order from documentElement: Element and Text nodes (CDATA as text), not the
 * content of script / style / noscript / template, iframe documents or shadow
 * roots. Any depth.
 * @throws TypeError if doc is not a Document.
 */
export function encodeDom(doc: Document | { readonly documentElement: Element | null }): EncodedDom;


/** The classic-script globals (importScripts in a worker or service worker, <script>). */
export interface WceGlobal {
  createExtractor: typeof createExtractor;
  DEFAULT_EXTRACTOR: typeof DEFAULT_EXTRACTOR;
}
export interface WceEncoderGlobal {
  encodeDom: typeof encodeDom;
  STRIDE: 10;
  ATTR_STRIDE: 3;
  ATTRIBUTES: readonly string[];
  NONE: 0xFFFFFFFF;
}

declare global {
  /** Defined by wasm/wce_api.js loaded as a classic script. */
  var WCE: WceGlobal | undefined;
  /** Defined by wasm/dom_encoder.js loaded as a classic script. */
  var WCEEncoder: WceEncoderGlobal | undefined;
  /** Defined by build/wasm/wce_core.js loaded as a classic script. */
  var createWceCore: CoreFactory | undefined;
}
