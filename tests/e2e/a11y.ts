// Accessibility checks for every browser test: axe-core runs inside each page of the test's
// browser context whenever the page settles after a change (a new address, a step, a dialog, a
// message), and once more on the final state of each test. Serious and critical violations fail
// the test with a list of rule, impact, address and target selectors.
//
// axe-core compiles its message templates with `new Function`, which the product's CSP rightly
// refuses; the test context therefore bypasses the CSP (playwright.config.ts). A test that turns
// `bypassCSP` off (to see the product's CSP at work) gets no audit.
//
// axe itself is loaded into a document only when the document has a state to audit: evaluating its 650 KB takes
// about 200 ms of the page's thread, and most documents of a test (a sign-in, a redirect, a page left at once) never
// settle into a new state.
//
// An audit costs a few hundred milliseconds of the page's own thread, and most states recur: the login form in
// every test, a list again after its dialog closes. axe's verdict depends only on the document (and the viewport
// and the styles, which one build shares), so a state already found clean by this worker (the same address, size
// and markup) is not audited again; a state with violations always is, so every test that reaches it fails.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { test as base, expect, type BrowserContext, type Frame, type Page, type TestInfo } from '@playwright/test';

/** Impacts that fail a test; axe's "minor" and "moderate" findings are not gated. */
const FAILING_IMPACTS = ['serious', 'critical'];
/** How long the page must stay unchanged before it is audited on its own. */
const QUIET_MS = 300;
const AUDIT_TIMEOUT_MS = 30_000;

interface A11yViolation {
  rule: string;
  impact: string;
  help: string;
  /** One entry per offending element: its selector and axe's summary of what is wrong. */
  nodes: { target: string; summary: string }[];
}

export interface A11yFinding extends A11yViolation {
  url: string;
}

interface PageReport {
  url: string;
  violations: A11yViolation[];
}

/** Digests of states found clean by earlier audits of this worker: the address, the viewport and the markup. */
const cleanStates = new Set<string>();

interface InPageAuditor {
  auditNow: () => Promise<PageReport>;
}

const require = createRequire(import.meta.url);
let axeSource: string | undefined;

/**
 * Runs in every document of the context before the page's own scripts. It watches the DOM and,
 * once the page has been quiet for a while, runs axe and reports violations to the test through
 * the `__a11yReport` binding. Self-contained: Playwright sends it to the browser as text.
 */
function installAuditor({ quietMs, impacts, clean }: { quietMs: number; impacts: string[]; clean: string[] }) {
  type AxeNode = { target: unknown[]; failureSummary?: string };
  type AxeResult = { id: string; impact?: string | null; help: string; nodes: AxeNode[] };
  type Axe = { run: (context: Document, options: object) => Promise<{ violations: AxeResult[] }> };
  const w = window as unknown as {
    axe?: Axe;
    __a11y?: unknown;
    __a11yReport?: (report: { url: string; violations: unknown[] }) => Promise<void>;
    __a11yClean?: (state: string) => Promise<void>;
    __a11yLoadAxe?: () => Promise<void>;
  };
  if (window !== window.top || w.__a11y) return;
  const loadAxe = async (): Promise<Axe> => {
    if (!w.axe) await w.__a11yLoadAxe?.();
    if (!w.axe) throw new Error('axe-core did not load into this page.');
    return w.axe;
  };

  let changes = 0;
  let audited = -1;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let queue: Promise<unknown> = Promise.resolve();

  // A ticking clock (the session countdown) is not a new state of the page.
  const isClock = (node: Node) => Boolean((node instanceof Element ? node : node.parentElement)?.closest('time'));
  const schedule = () => {
    clearTimeout(timer);
    timer = setTimeout(() => void auto(), quietMs);
  };
  new MutationObserver((records) => {
    if (records.every((record) => isClock(record.target))) return;
    changes++;
    schedule();
  }).observe(document, { subtree: true, childList: true, attributes: true, characterData: true });

  // Content that declares itself busy (rows being replaced) is between two states.
  const settled = () => document.readyState !== 'loading' && Boolean(document.body) && !document.querySelector('[aria-busy="true"]');

  const summarize = (violations: AxeResult[]) =>
    violations
      .filter((violation) => impacts.includes(violation.impact ?? ''))
      .map((violation) => ({
        rule: violation.id,
        impact: violation.impact ?? '',
        help: violation.help,
        nodes: violation.nodes.map((node) => ({
          target: node.target.map((part) => (Array.isArray(part) ? part.join(' >>> ') : String(part))).join(' '),
          summary: (node.failureSummary ?? '').replace(/\s+/g, ' ').trim(),
        })),
      }));

  const known = new Set(clean);
  /** The state's digest, or null where the page cannot make one (no Web Crypto). */
  const stateOf = async (): Promise<string | null> => {
    if (!crypto.subtle) return null;
    const text = `${location.href}\n${innerWidth}x${innerHeight}\n${document.documentElement.outerHTML}`;
    const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text)));
    return Array.from(digest.slice(0, 16), (byte) => byte.toString(16).padStart(2, '0')).join('');
  };

  // One axe run at a time (axe refuses to run twice at once); `stable` says the DOM did not change meanwhile.
  const audit = () => {
    const run = queue.then(async () => {
      const start = changes;
      const state = await stateOf();
      if (state !== null && known.has(state)) return { start, stable: changes === start, violations: [] };
      const result = await (await loadAxe()).run(document, { resultTypes: ['violations'] });
      const violations = summarize(result.violations);
      const stable = changes === start;
      if (stable && state !== null && !violations.length) {
        known.add(state);
        await w.__a11yClean?.(state);
      }
      return { start, stable, violations };
    });
    queue = run.catch(() => undefined);
    return run;
  };

  const auto = async () => {
    if (changes === audited) return;
    if (!settled()) return schedule();
    try {
      const { start, stable, violations } = await audit();
      // A page that changed during the run is audited again once it is quiet.
      if (!stable) return schedule();
      audited = start;
      if (violations.length) await w.__a11yReport?.({ url: location.href, violations });
    } catch {
      // The document is going away (navigation); the next one is audited on its own.
    }
  };

  const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
  const auditor = {
    async auditNow() {
      for (let attempt = 0; ; attempt++) {
        for (let waited = 0; !settled() && waited < 5_000; waited += 100) await sleep(100);
        const { start, stable, violations } = await audit();
        if (stable || attempt >= 4) {
          audited = start;
          return { url: location.href, violations };
        }
        await sleep(quietMs);
      }
    },
  };
  w.__a11y = auditor;
}

function auditorScript(): string {
  const options = { quietMs: QUIET_MS, impacts: FAILING_IMPACTS, clean: [...cleanStates] };
  return `(${installAuditor.toString()})(${JSON.stringify(options)});`;
}

/**
 * axe-core's source, evaluated in a document's global scope when its auditor first needs it, or when a test runs
 * one of axe's rules itself (`loadAxe(page.mainFrame())`).
 */
export async function loadAxe(frame: Frame): Promise<void> {
  axeSource ??= readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');
  await frame.evaluate((source) => {
    if (!(window as unknown as { axe?: unknown }).axe) (0, eval)(source);
  }, axeSource);
}

function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} took longer than ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

function findingsOf(report: PageReport): A11yFinding[] {
  return report.violations.map((violation) => ({ ...violation, url: report.url }));
}

/** The page's address without origin: enough to say which screen. */
function where(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.pathname}${parsed.search}`;
  } catch {
    return url;
  }
}

function formatFindings(findings: readonly A11yFinding[]): string {
  const lines = [`axe found ${findings.length} serious or critical accessibility violation${findings.length === 1 ? '' : 's'}:`];
  for (const finding of findings) {
    lines.push(`- ${finding.rule} (${finding.impact}) at ${where(finding.url)}: ${finding.help}`);
    for (const node of finding.nodes) lines.push(`    ${node.target}${node.summary ? `  — ${node.summary}` : ''}`);
  }
  return lines.join('\n');
}

/** The same rule on the same elements of the same screen counts once. */
function dedupe(findings: readonly A11yFinding[]): A11yFinding[] {
  const seen = new Map<string, A11yFinding>();
  for (const finding of findings) {
    const key = `${finding.rule}|${where(finding.url)}|${finding.nodes.map((node) => node.target).join(',')}`;
    if (!seen.has(key)) seen.set(key, finding);
  }
  return [...seen.values()];
}

/** Audits the page as it is now (after it settles) and returns the serious and critical violations. */
async function auditPage(page: Page): Promise<A11yFinding[]> {
  for (let attempt = 0; ; attempt++) {
    try {
      const report = await withTimeout(
        page.evaluate(async () => {
          const auditor = (window as unknown as { __a11y?: InPageAuditor }).__a11y;
          return auditor ? auditor.auditNow() : null;
        }),
        AUDIT_TIMEOUT_MS,
        'The accessibility audit',
      );
      if (!report) throw new Error('axe-core is not installed in this page: the browser context must bypass the CSP (bypassCSP: true).');
      return findingsOf(report);
    } catch (error) {
      // A navigation that started meanwhile destroys the page's scripts: audit the new document.
      if (attempt >= 2 || !/Execution context was destroyed|navigation/i.test(String(error))) throw error;
      await page.waitForLoadState('load');
    }
  }
}

/** Fails (with rule, impact and targets) when the page as it is now has serious or critical violations. */
export async function expectAccessible(page: Page): Promise<void> {
  // A test that keeps the product's CSP in force has no axe (see the top of this file).
  if (!collectors.has(page.context())) return;
  await base.step('accessibility check', async () => {
    const findings = await auditPage(page);
    if (findings.length) throw new Error(formatFindings(findings));
  }, { box: true });
}

/** What the automatic audits of one test collected. */
export class A11yCollector {
  private findings: A11yFinding[] = [];

  add(report: PageReport): void {
    this.findings.push(...findingsOf(report));
  }

  /** The violations reported so far; they are then forgotten (a test expecting them takes them). */
  take(): A11yFinding[] {
    const taken = dedupe(this.findings);
    this.findings = [];
    return taken;
  }
}

const collectors = new WeakMap<BrowserContext, A11yCollector>();

async function finalAudit(context: BrowserContext, collector: A11yCollector, testInfo: TestInfo): Promise<void> {
  const failedAlready = testInfo.status !== 'passed';
  const findings: A11yFinding[] = [];
  if (!failedAlready) {
    for (const page of context.pages()) {
      if (page.isClosed() || page.url() === 'about:blank') continue;
      findings.push(...(await auditPage(page)));
    }
  }
  findings.push(...collector.take());
  const all = dedupe(findings);
  if (!all.length) return;
  const text = formatFindings(all);
  await testInfo.attach('accessibility', { body: text, contentType: 'text/plain' });
  // A test that failed already keeps its own error; the findings are attached to it.
  if (!failedAlready) throw new Error(text);
}

export const test = base.extend<{ a11y: A11yCollector }>({
  context: async ({ context, bypassCSP }, use, testInfo) => {
    if (!bypassCSP) {
      await use(context);
      return;
    }
    const collector = new A11yCollector();
    collectors.set(context, collector);
    await context.exposeBinding('__a11yReport', (_source, report: PageReport) => collector.add(report));
    await context.exposeBinding('__a11yClean', (_source, state: string) => void cleanStates.add(state));
    await context.exposeBinding('__a11yLoadAxe', (source) => loadAxe(source.frame));
    await context.addInitScript({ content: auditorScript() });
    await use(context);
    await finalAudit(context, collector, testInfo);
  },
  a11y: async ({ context }, use) => {
    const collector = collectors.get(context);
    if (!collector) throw new Error('No accessibility audit in this context: it runs only when the context bypasses the CSP.');
    await use(collector);
  },
});

export { expect };
