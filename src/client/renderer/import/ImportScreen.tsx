// A spreadsheet import (kind "import" in screens.json): the template to download, an .xlsx file chosen (checked for
// its type and size here, then row by row in a Web Worker by the import's form schema; the server checks everything
// again), a preview from the server's dry run, the import once confirmed (the Authorization dialog asks for the SMS
// code when the file's total needs it), a progress bar over the browser's and the server's steps, the success
// message with a link to the list filtered to the imported rows; or the file's problems, one line each ('Row N,
// Column X: message'), and 'Send file again'. With `accountStep` the account picker comes first.
import { Suspense, useEffect, useId, useRef, useState } from 'react';
import { IMPORT_MAX_BYTES, IMPORT_MAX_LABEL, type FileError, type ImportAnswer } from '../../../shared/imports.ts';
import { IMPORT_LANGUAGES, type ImportLang, type ImportSpec } from '../../../shared/importTable.ts';
import { writeListQuery } from '../../../shared/list-query.ts';
import { formatAmount, type AmountLocale } from '../../../shared/money.ts';
import type { Account } from '../../../shared/accounts.ts';
import { download, request } from '../../core/api.ts';
import { ApiError, AuthorizationCancelledError } from '../../core/apiError.ts';
import { useDocumentTitle } from '../../core/documentTitle.ts';
import { lazyWithReload } from '../../core/lazyWithReload.ts';
import { Link, useNavigate } from 'react-router-dom';
import { useThrowToBoundary } from '../../core/throwToBoundary.ts';
import { useTranslation } from 'react-i18next';
import { Button } from '../../ui/Button.tsx';
import { FieldMessage } from '../../ui/FieldMessage.tsx';
import { FullPageLoader } from '../../ui/FullPageLoader.tsx';
import { SuccessDialog } from '../../ui/SuccessDialog.tsx';
import { accountStepChunk } from '../chunks.ts';
import { resolveCall, type ImportScreen as ImportScreenDescriptor } from '../descriptors.ts';
import { loadSchemaFile, subscribeToSchemaEdits } from '../schemaFiles.ts';
import type { SheetCheck } from './browserCheck.ts';
import { checkInBrowser, type BrowserCheckInput } from './checkInBrowser.ts';
import { loadColumnTitles } from './columnTitles.ts';
import { problemMessage } from './problemText.ts';
import { barAt, followProgress, newProgressId, type BarState } from './progress.ts';
import { useLocale } from '../widgets/locale.ts';
import { FormPageHeader } from '../../ui/FormPageHeader.tsx';
import './import.css';

const AccountStep = lazyWithReload(accountStepChunk);

type Preview = ImportAnswer;

type Stage =
  | { kind: 'choose'; problem?: string }
  | { kind: 'checking' | 'importing'; file: File; bar: BarState }
  | { kind: 'preview'; file: File; preview: Preview }
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

export default function ImportScreen({ screen }: { screen: ImportScreenDescriptor }) {
  const { t, i18n } = useTranslation();
  const exists = i18n.exists;
  const locale = useLocale();
  const navigate = useNavigate();
  const throwToBoundary = useThrowToBoundary();
  const title = t(screen.title);
  useDocumentTitle(title);
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [account, setAccount] = useState<Account | null>(null);
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
  const back = screen.backRoute;
  const submit = resolveCall(screen.api.submit, {});

  const fields = (dryRun: boolean): Record<string, string> => ({
    lang: i18n.language,
    dryRun: String(dryRun),
    ...(screen.accountStep && account ? { [screen.accountStep.field]: String(account.id) } : {}),
  });

  /** `shown`: the preview on screen when the import is confirmed, shown again if the code is not given. */
  async function send(file: File, dryRun: boolean, shown?: Preview, from: BarState | null = null) {
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
      for (const [name, value] of Object.entries({ ...fields(dryRun), progressId })) form.append(name, value);
      form.append('file', file, file.name);
      const answer = await request<Preview>(submit.method, submit.path, { body: form });
      setStage(dryRun ? { kind: 'preview', file, preview: answer } : { kind: 'done', created: answer.created, importId: answer.importId });
    } catch (error) {
      if (error instanceof AuthorizationCancelledError) return setStage(shown ? { kind: 'preview', file, preview: shown } : { kind: 'choose' });
      if (error instanceof ApiError && error.handled) return setStage({ kind: 'choose' });
      if (error instanceof ApiError && Array.isArray(error.body?.fileErrors)) {
        const errors = error.body.fileErrors as FileError[];
        const total = typeof error.body.numberOfErrors === 'number' ? error.body.numberOfErrors : errors.length;
        return setStage({ kind: 'errors', errors, more: total - errors.length });
      }
      if (error instanceof ApiError && (error.validationErrors?.length || error.code)) {
        const first = error.validationErrors?.[0]?.errors[0];
        const problem = first ? t(`validation:${first.code}`, { limit: IMPORT_MAX_LABEL, defaultValue: first.message }) : t(`errors:${error.code}`, { defaultValue: error.message });
        return setStage({ kind: 'choose', problem });
      }
      throwToBoundary(error);
    } finally {
      stop();
    }
  }

  /** The browser's problems worded in the page's language, as the server words its own. */
  function browserErrors(check: SheetCheck): Stage {
    const errors: FileError[] = check.problems.map((p) => ({
      row: p.row,
      ...(p.property !== undefined ? { property: p.property } : {}),
      errors: p.errors.map((e) => ({ code: e.code, message: problemMessage(t, exists, e.code, e.params) })),
    }));
    return { kind: 'errors', errors, more: check.numberOfProblems - errors.length };
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
      if (found && found.problems.length > 0) return setStage(browserErrors(found));
    }
    if (signal?.aborted) return;
    await send(file, true, undefined, barAt(bar, 'browser', 1, 1, true));
  }

  function choose(file: File | undefined) {
    if (input.current) input.current.value = '';
    if (!file) return;
    if (!isXlsx(file)) return setStage({ kind: 'choose', problem: t('validation:FILE_FORMAT_INVALID') });
    if (file.size > IMPORT_MAX_BYTES) return setStage({ kind: 'choose', problem: t('validation:FILE_TOO_LARGE', { limit: IMPORT_MAX_LABEL }) });
    void check(file);
  }

  const line = (error: FileError, message: string) =>
    error.property ? t('imports:rowColumn', { row: error.row, column: error.property, message }) : t('imports:row', { row: error.row, message });

  return (
    <section className="page form-page import-page" aria-labelledby="page-title">
      <FormPageHeader title={title} back={back} />
      {screen.accountStep && !account ? (
        <Suspense fallback={<FullPageLoader inPanel />}>
          <div className="card form-card">
            <AccountStep legend="imports:account" onNext={setAccount} />
          </div>
        </Suspense>
      ) : (
        <div className="card form-card import-card">
          {account && (
            <p className="import-account">
              {t('imports:fromAccount', { name: account.name })}{' '}
              {/* Not while a file is on its way: its answer belongs to the account it was sent for. */}
              {stage.kind !== 'checking' && stage.kind !== 'importing' && (
                <Button variant="link" onClick={() => (setAccount(null), setStage({ kind: 'choose' }))}>
                  {t('imports:changeAccount')}
                </Button>
              )}
            </p>
          )}
          <p>
            <Button variant="secondary" onClick={() => void download(resolveCall(screen.api.template, {}).path, { lang: i18n.language }).catch(throwToBoundary)}>
              {t('imports:template')}
            </Button>
          </p>
          {stage.kind === 'choose' && (
            <div className={`field${stage.problem ? ' field-invalid' : ''}`}>
              <label className="field-label" htmlFor={inputId}>
                {t('imports:file')}
              </label>
              <input
                ref={input}
                id={inputId}
                className="import-input"
                type="file"
                accept=".xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
                aria-invalid={stage.problem ? true : undefined}
                aria-describedby={`${inputId}-message`}
                onChange={(event) => choose(event.target.files?.[0])}
              />
              <FieldMessage id={`${inputId}-message`} error={stage.problem} info={t('imports:fileInfo')} />
            </div>
          )}
          {(stage.kind === 'checking' || stage.kind === 'importing') && (
            <div className="import-status">
              <label htmlFor={`${inputId}-progress`}>{t(`imports:steps.${stage.bar.step}`, { name: stage.file.name })}</label>
              <progress id={`${inputId}-progress`} max={100} value={stage.bar.percent} aria-valuetext={`${stage.bar.percent}%`} />
            </div>
          )}
          {stage.kind === 'preview' && (
            <div className="import-preview" role="status">
              <p>{t('imports:ready', { count: stage.preview.rows, name: stage.file.name })}</p>
              {stage.preview.totals?.map((total) => (
                <p key={total.currency}>{t('imports:total', { amount: formatAmount(total.amount, { locale: locale as AmountLocale, currency: total.currency }), count: total.payouts })}</p>
              ))}
              {stage.preview.programs?.length ? <p>{t('imports:programs', { names: stage.preview.programs.join(', ') })}</p> : null}
              <div className="form-actions">
                <Button onClick={() => void send(stage.file, false, stage.preview)}>{t('imports:confirm')}</Button>
                <Button variant="secondary" onClick={() => setStage({ kind: 'choose' })}>
                  {t('imports:another')}
                </Button>
              </div>
            </div>
          )}
          {stage.kind === 'errors' && (
            <div className="import-errors">
              <p className="notice notice-error" role="alert">
                {t('errors:FILE_ERRORS')}
              </p>
              <ul className="import-error-list" tabIndex={0} aria-label={t('imports:errorsLabel')}>
                {stage.errors.flatMap((error, i) => error.errors.map((e, j) => <li key={`${i}-${j}`}>{line(error, e.message)}</li>))}
              </ul>
              {stage.more > 0 && <p>{t('imports:more', { count: stage.more })}</p>}
              <Button onClick={() => setStage({ kind: 'choose' })}>{t('imports:sendAgain')}</Button>
            </div>
          )}
        </div>
      )}
      {stage.kind === 'done' && (
        <SuccessDialog message={t(screen.successMessage, { count: stage.created })} onOk={() => (back ? navigate(back) : setStage({ kind: 'choose' }))}>
          {back && stage.importId !== undefined && (
            <p>
              <Link to={`${back}?${writeListQuery({ options: { importId: stage.importId } }).toString()}`}>{t('imports:showImported')}</Link>
            </p>
          )}
        </SuccessDialog>
      )}
    </section>
  );
}
