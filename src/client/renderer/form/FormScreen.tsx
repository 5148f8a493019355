// A "form" screen of screens.json: loads the schema and ui hints (and, on an update route, the record via
// api.load), shows the generated form, submits with api.submit (POST on create, PUT with the id on update) and,
// when saved, the success dialog; its Ok goes back to backRoute, and focus to the heading of the page then shown
// (the list's, or this form's when it stays open). Server errors land under their fields.
// `prefill` fills fields from the route's parameters; `accountStep` starts with the account picker, whose choice
// fills its field, and then shows the form under a line naming the chosen account (with a way back to the picker).
// A call that needs the SMS step-up goes through the Authorization dialog (core/api.ts, core/AuthorizationHost.tsx).
// With `editPermissions` a user holding none of them sees the record read-only, with nothing to save.
// Imported here so that the maps of the schema files and validators (a small chunk) load with this screen's chunk,
// first among its files, rather than after them: the schema, ui hints and validator can only be asked for once they are in.
import '../../core/lazyFileMaps.ts';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router-dom';
import { useDocumentTitle } from '../../core/documentTitle.ts';
import { errorMessage } from '../../core/fieldErrors.ts';
import { useThrowToBoundary } from '../../core/throwToBoundary.ts';
import { lazyWithReload } from '../../core/lazyWithReload.ts';
import { Alert } from '../../ui/Alert.tsx';
import { Button } from '../../ui/Button.tsx';
import { FullPageLoader } from '../../ui/FullPageLoader.tsx';
import { FormAccountStep } from './FormAccountStep.tsx';
import { useAccountStep } from './useAccountStep.ts';
import type { FormScreen as FormScreenDescriptor } from '../descriptors.ts';
import { useFormRecord, type Failure } from './useFormRecord.ts';
import { useFormSubmit } from './useFormSubmit.ts';
import SchemaForm from './SchemaForm.tsx';
import { FormPageHeader } from '../../ui/FormPageHeader.tsx';
import { pick, tabSchema, tabUiSchema } from './formTabs.ts';
import { FormTabs, tabId } from './FormTabs.tsx';
import { useFormTab } from './useFormTab.ts';
import { usePermissions } from './usePermissions.ts';
import { hasAnyPermission } from '../../../shared/permissionCheck.ts';

/** The element a form's tabs control. */
const TAB_PANEL = 'form-tab-panel';
// What shows once the form is saved, not before: fetched when the user saves (their files are shared with other
// screens, so no file is added), in by the time the answer comes.
const SuccessDialog = lazyWithReload(() => import('../../ui/SuccessDialog.tsx').then((module) => ({ default: module.SuccessDialog })));
const AnswerValue = lazyWithReload(() => import('../../ui/AnswerValue.tsx').then((module) => ({ default: module.AnswerValue })));
// Where focus goes after the success dialog; its module is the dialog's own (ui/Modal.tsx), in by then.
const focusHeading = () => void import('../../core/focusMoves.ts').then((moves) => moves.focusPageHeading());

export default function FormScreen({ screen }: { screen: FormScreenDescriptor }) {
  const { t } = useTranslation();
  // The saved message's texts (dialogs) load beside the form, not before it.
  useTranslation('dialogs', { useSuspense: false });
  const params = useParams();
  const navigate = useNavigate();
  const throwToBoundary = useThrowToBoundary();
  const title = t(screen.title);
  useDocumentTitle(title);
  // A form in tabs shows and saves one tab at a time; what was typed on another tab stays until it is saved or left.
  const [tabs, tab, chooseTab] = useFormTab(screen);
  const fields = tab?.tab.fields;
  const record = useFormRecord(screen, params, throwToBoundary);
  const [loaded, setLoaded, loadError, current] = record;
  // A settings form (in tabs, or with nowhere to go back to) stays open after saving, showing what was saved.
  const stays = Boolean(fields) || !screen.backRoute;
  const [busy, serverErrors, formError, saved, setSaved, answerValue, submit, clearErrors] = useFormSubmit(screen, params, record, stays, throwToBoundary);
  // A form with an account step shows the picker until an account is chosen; what is typed meanwhile is kept.
  const stepField = screen.accountStep?.field;
  const [picking, setPicking] = useAccountStep(screen, loaded);
  const readOnly = Boolean(screen.editPermissions) && !hasAnyPermission(usePermissions(), screen.editPermissions);

  const describe = (failure: Failure) => (failure.code === 'LOAD_FAILED' ? t('form:loadFailed') : errorMessage(t, failure.code, failure.message));
  const back = screen.backRoute;
  const goBack = () => (back ? navigate(back) : navigate(-1));

  return (
    <section className="page form-page" aria-labelledby="page-title">
      <FormPageHeader title={title} back={back} />
      {loadError && <Alert>{describe(loadError)}</Alert>}
      {!loadError && !loaded && <FullPageLoader inPanel />}
      {loaded && stepField && (
        <FormAccountStep
          legend={String(loaded.schema.properties?.[stepField]?.title ?? stepField)}
          picking={picking}
          accountId={current.current[stepField] as number | undefined}
          onPick={(account) => {
            const formData = { ...current.current, [stepField]: account.id };
            current.current = formData;
            setLoaded({ ...loaded, formData });
            setPicking(false);
          }}
          onChange={() => {
            setLoaded({ ...loaded, formData: current.current });
            setPicking(true);
          }}
        />
      )}
      {loaded && tab && (
        <FormTabs
          label={title}
          tabs={tabs}
          active={tab.number}
          panelId={TAB_PANEL}
          onChoose={(number) => {
            clearErrors();
            chooseTab(number);
          }}
        />
      )}
      {loaded && !picking && (
        <div className="card form-card" {...(tab ? { role: 'tabpanel', id: TAB_PANEL, 'aria-labelledby': tabId(TAB_PANEL, tab.number) } : {})}>
          <SchemaForm
            key={tab?.number}
            schemaPath={screen.schema}
            schema={fields ? tabSchema(loaded.schema, fields) : loaded.schema}
            uiSchema={fields ? tabUiSchema(loaded.uiSchema, fields) : loaded.uiSchema}
            formData={fields ? pick(current.current, fields) : loaded.formData}
            onChange={(data) => {
              current.current = fields ? { ...current.current, ...data } : data;
            }}
            onSubmit={(data) => {
              void SuccessDialog.preload();
              if (screen.successField) void AnswerValue.preload();
              void submit(data);
            }}
            serverErrors={serverErrors}
            formError={formError && describe(formError)}
            submitLabel={t('form:save')}
            busy={busy}
            readOnly={readOnly}
          >
            <Button variant="secondary" onClick={goBack}>
              {t('common.cancel')}
            </Button>
          </SchemaForm>
        </div>
      )}
      {saved && (
        <Suspense fallback={null}>
          <SuccessDialog message={t(screen.successMessage ?? 'form:saved')} onOk={stays ? () => setSaved(false) : goBack} returnFocus={focusHeading}>
            {answerValue !== null && screen.successField && <AnswerValue label={t(screen.successField.label)} value={answerValue} />}
          </SuccessDialog>
        </Suspense>
      )}
    </section>
  );
}
