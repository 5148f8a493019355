// A spreadsheet import (kind "import" in screens.json): the template to download, an .xlsx file chosen (checked for
// its type and size here, then row by row in a Web Worker by the import's form schema; the server checks everything
// again), a preview from the server's dry run, the import once confirmed (the Authorization dialog asks for the SMS
// code when the file's total needs it), a progress bar over the browser's and the server's steps, the success
// message with a link to the list filtered to the imported rows; or the file's problems, one line each ('Row N,
// Column X: message'), and 'Send file again'. With `accountStep` the account picker comes first.
import { Suspense, useId, useState } from 'react';
import { writeListQuery } from '../../../shared/list-query.ts';
import type { Account } from '../../../shared/accounts.ts';
import { download } from '../../core/api.ts';
import { useDocumentTitle } from '../../core/documentTitle.ts';
import { lazyWithReload } from '../../core/lazyWithReload.ts';
import { Link, useNavigate } from 'react-router-dom';
import { useThrowToBoundary } from '../../core/throwToBoundary.ts';
import { useTranslation } from 'react-i18next';
import { Button } from '../../ui/Button.tsx';
import { FullPageLoader } from '../../ui/FullPageLoader.tsx';
import { SuccessDialog } from '../../ui/SuccessDialog.tsx';
import { accountStepChunk } from '../chunks.ts';
import { resolveCall, type ImportScreen as ImportScreenDescriptor } from '../descriptors.ts';
import { FileChoice, ImportErrors, ImportPreview, ImportProgress } from './ImportStages.tsx';
import { useImport } from './useImport.ts';
import { FormPageHeader } from '../../ui/FormPageHeader.tsx';
import './import.css';

const AccountStep = lazyWithReload(accountStepChunk);

export default function ImportScreen({ screen }: { screen: ImportScreenDescriptor }) {
  const { t, i18n } = useTranslation();
  // The success message's texts (dialogs) load beside the screen, not before it.
  useTranslation('dialogs', { useSuspense: false });
  const navigate = useNavigate();
  const throwToBoundary = useThrowToBoundary();
  const title = t(screen.title);
  useDocumentTitle(title);
  const inputId = useId();
  const [account, setAccount] = useState<Account | null>(null);
  const { stage, setStage, send, choose } = useImport(screen, account, throwToBoundary);
  const back = screen.backRoute;

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
          {stage.kind === 'choose' && <FileChoice inputId={inputId} problem={stage.problem} onChoose={choose} />}
          {(stage.kind === 'checking' || stage.kind === 'importing') && <ImportProgress inputId={inputId} stage={stage} />}
          {stage.kind === 'preview' && <ImportPreview stage={stage} onConfirm={() => void send(stage.file, false, stage.preview)} onAnother={() => setStage({ kind: 'choose' })} />}
          {stage.kind === 'errors' && <ImportErrors stage={stage} onAgain={() => setStage({ kind: 'choose' })} />}
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
