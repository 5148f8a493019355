// A spreadsheet import (kind "import" in screens.json): the template to download, an .xlsx file chosen (checked for
// its type and size here, the server checks everything again), a preview from the server's dry run, the import once
// confirmed (the Authorization dialog asks for the SMS code when the file's total needs it), the success message;
// or the file's problems, one line each ('Row N, Column X: message'), and 'Send file again'. With `accountStep` the
// account picker comes first.
import { Suspense, useId, useRef, useState } from 'react';
import { IMPORT_MAX_BYTES, IMPORT_MAX_LABEL, type FileError } from '../../../shared/imports.ts';
import { formatAmount, type AmountLocale } from '../../../shared/money.ts';
import type { Account } from '../../../shared/accounts.ts';
import { download, request } from '../../core/api.ts';
import { ApiError, AuthorizationCancelledError } from '../../core/apiError.ts';
import { useDocumentTitle } from '../../core/documentTitle.ts';
import { lazyWithReload } from '../../core/lazyWithReload.ts';
import { useNavigate } from '../../core/router/hooks.ts';
import { Link } from '../../core/router/Link.tsx';
import { useThrowToBoundary } from '../../core/throwToBoundary.ts';
import { useTranslation } from '../../core/useTranslation.ts';
import { Button } from '../../ui/Button.tsx';
import { FieldMessage } from '../../ui/FieldMessage.tsx';
import { FullPageLoader } from '../../ui/FullPageLoader.tsx';
import { Spinner } from '../../ui/Spinner.tsx';
import { SuccessDialog } from '../../ui/SuccessDialog.tsx';
import { accountStepChunk } from '../chunks.ts';
import { resolveCall, type ImportScreen as ImportScreenDescriptor } from '../descriptors.ts';
import { useLocale } from '../widgets/locale.ts';
import './import.css';

const AccountStep = lazyWithReload(accountStepChunk);

interface Preview {
  rows: number;
  totals?: { currency: string; amount: number; payouts: number }[];
  programs?: string[];
  created: number;
}

type Stage =
  | { kind: 'choose'; problem?: string }
  | { kind: 'checking' | 'importing'; file: File }
  | { kind: 'preview'; file: File; preview: Preview }
  | { kind: 'errors'; errors: FileError[]; more: number }
  | { kind: 'done'; created: number };

const isXlsx = (file: File) => /\.xlsx$/i.test(file.name);

export default function ImportScreen({ screen }: { screen: ImportScreenDescriptor }) {
  const { t, i18n } = useTranslation();
  const locale = useLocale();
  const navigate = useNavigate();
  const throwToBoundary = useThrowToBoundary();
  const title = t(screen.title);
  useDocumentTitle(title);
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [account, setAccount] = useState<Account | null>(null);
  const [stage, setStage] = useState<Stage>({ kind: 'choose' });
  const back = screen.backRoute;
  const submit = resolveCall(screen.api.submit, {});

  const fields = (dryRun: boolean): Record<string, string> => ({
    lang: i18n.language,
    dryRun: String(dryRun),
    ...(screen.accountStep && account ? { [screen.accountStep.field]: String(account.id) } : {}),
  });

  /** `shown`: the preview on screen when the import is confirmed, shown again if the code is not given. */
  async function send(file: File, dryRun: boolean, shown?: Preview) {
    setStage({ kind: dryRun ? 'checking' : 'importing', file });
    try {
      const form = new FormData();
      for (const [name, value] of Object.entries(fields(dryRun))) form.append(name, value);
      form.append('file', file, file.name);
      const answer = await request<Preview>(submit.method, submit.path, { body: form });
      setStage(dryRun ? { kind: 'preview', file, preview: answer } : { kind: 'done', created: answer.created });
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
    }
  }

  function choose(file: File | undefined) {
    if (input.current) input.current.value = '';
    if (!file) return;
    if (!isXlsx(file)) return setStage({ kind: 'choose', problem: t('validation:FILE_FORMAT_INVALID') });
    if (file.size > IMPORT_MAX_BYTES) return setStage({ kind: 'choose', problem: t('validation:FILE_TOO_LARGE', { limit: IMPORT_MAX_LABEL }) });
    void send(file, true);
  }

  const line = (error: FileError, message: string) =>
    error.property ? t('imports:rowColumn', { row: error.row, column: error.property, message }) : t('imports:row', { row: error.row, message });

  return (
    <section className="page form-page import-page" aria-labelledby="page-title">
      <header className="page-header form-page-header">
        {back && (
          <Link className="btn btn-secondary form-back" to={back}>
            <span aria-hidden="true">←</span> {t('common.back')}
          </Link>
        )}
        <h1 id="page-title" className="page-title">
          {title}
        </h1>
      </header>
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
              <Button variant="link" onClick={() => (setAccount(null), setStage({ kind: 'choose' }))}>
                {t('imports:changeAccount')}
              </Button>
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
            <p className="import-status" role="status">
              <Spinner small /> {t(stage.kind === 'checking' ? 'imports:checking' : 'imports:importing', { name: stage.file.name })}
            </p>
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
      {stage.kind === 'done' && <SuccessDialog message={t(screen.successMessage, { count: stage.created })} onOk={() => (back ? navigate(back) : setStage({ kind: 'choose' }))} />}
    </section>
  );
}
