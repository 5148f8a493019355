// The stages of a spreadsheet import and the moves between them: a file chosen, checked in the browser, sent for
// the server's dry run (the preview), sent again to import; or its problems, or back to choosing.
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { IMPORT_MAX_BYTES, IMPORT_MAX_LABEL, type FileError, type ImportAnswer } from '../../../shared/imports.ts';
import { IMPORT_LANGUAGES, type ImportLang, type ImportSpec } from '../../../shared/importTable.ts';
import type { Account } from '../../../shared/accounts.ts';
import { request } from '../../core/api.ts';
import { ApiError, AuthorizationCancelledError } from '../../core/apiError.ts';
import type { Translate } from '../../core/textStore.ts';
import { resolveCall, type ImportScreen } from '../descriptors.ts';
import { loadSchemaFile, subscribeToSchemaEdits } from '../schemaFiles.ts';
import type { SheetCheck } from './browserCheck.ts';
import { checkInBrowser, type BrowserCheckInput } from './checkInBrowser.ts';
import { loadColumnTitles } from './columnTitles.ts';
import { problemMessage } from './problemText.ts';
import { barAt, followProgress, newProgressId, type BarState } from './progress.ts';

export type Stage =
  | { kind: 'choose'; problem?: string }
  | { kind: 'checking' | 'importing'; file: File; bar: BarState }
  | { kind: 'preview'; file: File; preview: ImportAnswer }
  | { kind: 'errors'; errors: FileError[]; more: number }
  | { kind: 'done'; created: number; importId?: number };

type CheckInput = Omit<BrowserCheckInput, 'lang'>;

const checkInputs = new Map<string, Promise<CheckInput | null>>();

/**
 * What the browser's check needs: the import's descriptor, its form schema and its columns' titles in both
 * languages; null if they cannot be loaded (the server then checks the file alone, and the next file asks again).
 */
function browserCheckInput(path: string): Promise<CheckInput | null> {
  let input = checkInputs.get(path);
  if (!input) {
    input = (async () => {
      const descriptor = await loadSchemaFile(path);
      const form = await loadSchemaFile(String(descriptor.form));
      const spec: ImportSpec = { descriptor: descriptor as unknown as ImportSpec['descriptor'], form: form as unknown as ImportSpec['form'] };
      return { spec, titles: await loadColumnTitles(spec) };
    })().catch(() => {
      checkInputs.delete(path);
      return null;
    });
    checkInputs.set(path, input);
  }
  return input;
}

const isImportLang = (lang: string): lang is ImportLang => (IMPORT_LANGUAGES as readonly string[]).includes(lang);

const isXlsx = (file: File) => /\.xlsx$/i.test(file.name);

/** The browser's problems worded in the page's language, as the server words its own. */
function browserErrors(check: SheetCheck, t: Translate, exists: (key: string) => boolean): Stage {
  const errors: FileError[] = check.problems.map((p) => ({
    row: p.row,
    ...(p.property !== undefined ? { property: p.property } : {}),
    errors: p.errors.map((e) => ({ code: e.code, message: problemMessage(t, exists, e.code, e.params) })),
  }));
  return { kind: 'errors', errors, more: check.numberOfProblems - errors.length };
}

/** Where a failed sending of `file` leaves the screen; null when the error is the error boundary's. */
function stageAfter(error: unknown, file: File, shown: ImportAnswer | undefined, t: Translate): Stage | null {
  if (error instanceof AuthorizationCancelledError) return shown ? { kind: 'preview', file, preview: shown } : { kind: 'choose' };
  if (error instanceof ApiError && error.handled) return { kind: 'choose' };
  if (error instanceof ApiError && Array.isArray(error.body?.fileErrors)) {
    const errors = error.body.fileErrors as FileError[];
    const total = typeof error.body.numberOfErrors === 'number' ? error.body.numberOfErrors : errors.length;
    return { kind: 'errors', errors, more: total - errors.length };
  }
  if (error instanceof ApiError && (error.validationErrors?.length || error.code)) {
    const first = error.validationErrors?.[0]?.errors[0];
    const problem = first ? t(`validation:${first.code}`, { limit: IMPORT_MAX_LABEL, defaultValue: first.message }) : t(`errors:${error.code}`, { defaultValue: error.message });
    return { kind: 'choose', problem };
  }
  return null;
}

export function useImport(screen: ImportScreen, account: Account | null, throwToBoundary: (error: unknown) => void) {
  const { t, i18n } = useTranslation();
  const [stage, setStage] = useState<Stage>({ kind: 'choose' });
  // Loaded as the screen opens, so that it is in by the time a file is chosen; again after a schema is edited (dev).
  useEffect(() => {
    void browserCheckInput(screen.descriptor);
    return subscribeToSchemaEdits(() => checkInputs.clear());
  }, [screen.descriptor]);
  // Ends the browser's check of a file when the screen goes, so nothing is sent after the user has left.
  const leaving = useRef<AbortController>(null);
  useEffect(() => {
    const controller = new AbortController();
    leaving.current = controller;
    return () => controller.abort();
  }, []);
  const submit = resolveCall(screen.api.submit, {});

  /** `shown`: the preview on screen when the import is confirmed, shown again if the code is not given. */
  async function send(file: File, dryRun: boolean, shown?: ImportAnswer, from: BarState | null = null) {
    const kind = dryRun ? 'checking' : 'importing';
    let bar = barAt(from, 'sending', 0, 1, dryRun);
    setStage({ kind, file, bar });
    const progressId = newProgressId();
    const stop = followProgress(submit.path, progressId, (progress) => {
      bar = barAt(bar, progress.phase, progress.done, progress.total, dryRun);
      setStage((current) => (current.kind === kind && current.file === file ? { kind, file, bar } : current));
    });
    try {
      const form = new FormData();
      const fields = {
        lang: i18n.language,
        dryRun: String(dryRun),
        ...(screen.accountStep && account ? { [screen.accountStep.field]: String(account.id) } : {}),
        progressId,
      };
      for (const [name, value] of Object.entries(fields)) form.append(name, value);
      form.append('file', file, file.name);
      const answer = await request<ImportAnswer>(submit.method, submit.path, { body: form });
      setStage(dryRun ? { kind: 'preview', file, preview: answer } : { kind: 'done', created: answer.created, importId: answer.importId });
    } catch (error) {
      const next = stageAfter(error, file, shown, t);
      if (next) setStage(next);
      else throwToBoundary(error);
    } finally {
      stop();
    }
  }

  async function check(file: File) {
    let bar = barAt(null, 'browser', 0, 1, true);
    setStage({ kind: 'checking', file, bar });
    const signal = leaving.current?.signal;
    const lang = i18n.language;
    const checkInput = await browserCheckInput(screen.descriptor);
    if (checkInput && isImportLang(lang) && !signal?.aborted) {
      const found = await checkInBrowser(
        file,
        { ...checkInput, lang },
        (done, total) => {
          bar = barAt(bar, 'browser', done, total, true);
          setStage((current) => (current.kind === 'checking' && current.file === file ? { kind: 'checking', file, bar } : current));
        },
        signal,
      );
      if (found && found.problems.length > 0) return setStage(browserErrors(found, t, i18n.exists));
    }
    if (signal?.aborted) return;
    await send(file, true, undefined, barAt(bar, 'browser', 1, 1, true));
  }

  function choose(file: File | undefined) {
    if (!file) return;
    if (!isXlsx(file)) return setStage({ kind: 'choose', problem: t('validation:FILE_FORMAT_INVALID') });
    if (file.size > IMPORT_MAX_BYTES) return setStage({ kind: 'choose', problem: t('validation:FILE_TOO_LARGE', { limit: IMPORT_MAX_LABEL }) });
    void check(file);
  }

  return { stage, setStage, send, choose };
}
