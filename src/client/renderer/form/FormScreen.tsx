// A "form" screen of screens.json: loads the schema and ui hints (and, on an update route, the record via
// api.load), shows the generated form, submits with api.submit (POST on create, PUT with the id on update) and,
// when saved, the success dialog; its Ok goes back to backRoute. Server errors land under their fields.
// `prefill` fills fields from the route's parameters; `accountStep` starts with the account picker, whose choice
// fills its field, and then shows the form under a line naming the chosen account (with a way back to the picker).
// A call that needs the SMS step-up goes through the Authorization dialog (core/api.ts, core/AuthorizationHost.tsx).
// Imported here so that the maps of the schema files and validators (a small chunk) load with this screen's chunk,
// first among its files, rather than after them: the schema, ui hints and validator can only be asked for once they are in.
import '../../core/lazyFileMaps.ts';
import type { UiSchema } from '@rjsf/utils';
import { useQueryClient } from '@tanstack/react-query';
import { Suspense, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { request } from '../../core/api.ts';
import { ApiError, AuthorizationCancelledError } from '../../core/apiError.ts';
import { useDocumentTitle } from '../../core/documentTitle.ts';
import { errorMessage } from '../../core/fieldErrors.ts';
import { useThrowToBoundary } from '../../core/throwToBoundary.ts';
import { Alert } from '../../ui/Alert.tsx';
import { Button } from '../../ui/Button.tsx';
import { FullPageLoader } from '../../ui/FullPageLoader.tsx';
import { SuccessDialog } from '../../ui/SuccessDialog.tsx';
import { AnswerValue } from '../../ui/AnswerValue.tsx';
import { lazyWithReload } from '../../core/lazyWithReload.ts';
import { chunk } from '../../core/chunk.ts';
import { accountStepChunk } from '../chunks.ts';
import { resolveCall, type FormScreen as FormScreenDescriptor } from '../descriptors.ts';
import { loadSchemaFile, useSchemaRevision, type JsonSchema } from '../schemas.ts';
import { pickFormData } from './formData.ts';
import { loadValidators } from '../../core/precompiledValidators.ts';
import { i18n, loadTexts, NAMESPACES } from '../../core/i18n.ts';

/** The text namespaces a schema's and ui hints' keys name (`ns:key`); loaded when not in yet. */
function loadNamespacesOf(...documents: unknown[]): Promise<void> {
  const named = new Set<string>();
  JSON.stringify(documents, (_key, value: unknown) => {
    const match = typeof value === 'string' ? /^([a-z]+):[A-Za-z]/.exec(value) : null;
    if (match && (NAMESPACES as readonly string[]).includes(match[1])) named.add(match[1]);
    return value;
  });
  const missing = [...named].filter((ns) => !i18n.hasResourceBundle(i18n.language, ns));
  return missing.length ? loadTexts(i18n.language, missing).catch(() => undefined) : Promise.resolve();
}
import SchemaForm from './SchemaForm.tsx';
import type { PropertyErrors } from '../../../shared/validation/errors.ts';
import { FormPageHeader } from '../../ui/FormPageHeader.tsx';
import { activeTab, pick, tabSchema, tabUiSchema, visibleTabs } from './formTabs.ts';
import { FormTabs, tabId } from './FormTabs.tsx';
import { usePermissions } from './usePermissions.ts';
import { meQueryKey } from '../../core/sessionPaths.ts';

interface Failure {
  code: string;
  message?: string;
}

interface Loaded {
  schema: JsonSchema;
  uiSchema?: UiSchema;
  formData: Record<string, unknown>;
}

const AccountStep = lazyWithReload(accountStepChunk);
/** The element a form's tabs control. */
const TAB_PANEL = 'form-tab-panel';
const AccountSummary = lazyWithReload(chunk(() => accountStepChunk.load().then((module) => ({ default: module.AccountSummary }))));

/** Form fields filled from the route's parameters (`prefill`), as numbers where the schema wants a number. */
export function prefilledData(schema: JsonSchema, prefill: Record<string, string> | undefined, params: Record<string, string | undefined>): Record<string, unknown> {
  const data: Record<string, unknown> = {};
  for (const [field, param] of Object.entries(prefill ?? {})) {
    const value = params[param];
    if (value === undefined || value === '') continue;
    const type = schema.properties?.[field]?.type;
    const numeric = type === 'integer' || type === 'number';
    data[field] = numeric && /^-?\d+(\.\d+)?$/.test(value) ? Number(value) : value;
  }
  return data;
}

export default function FormScreen({ screen }: { screen: FormScreenDescriptor }) {
  const { t } = useTranslation();
  const params = useParams();
  const navigate = useNavigate();
  const throwToBoundary = useThrowToBoundary();
  const title = t(screen.title);
  useDocumentTitle(title);

  const [loaded, setLoaded] = useState<Loaded | null>(null);
  // Failures are kept as codes and worded when shown, so that a language switch re-words them.
  const [loadError, setLoadError] = useState<Failure | null>(null);
  const [busy, setBusy] = useState(false);
  const [serverErrors, setServerErrors] = useState<PropertyErrors[]>();
  const [formError, setFormError] = useState<Failure>();
  const [saved, setSaved] = useState(false);
  const [answerValue, setAnswerValue] = useState<string | null>(null);
  const queryClient = useQueryClient();
  // A form with an account step shows the picker until an account is chosen; what is typed meanwhile is kept.
  const stepField = screen.accountStep?.field;
  const [picking, setPicking] = useState(Boolean(stepField));
  const current = useRef<Record<string, unknown>>({});
  // A form in tabs shows and saves one tab at a time; what was typed on another tab stays until it is saved or left.
  const [search, setSearch] = useSearchParams();
  const permissions = usePermissions();
  const tabs = screen.tabs ? visibleTabs(screen.tabs, permissions) : [];
  const tab = activeTab(tabs, search.get('tab'));
  const fields = tab?.tab.fields;
  // A settings form (in tabs, or with nowhere to go back to) stays open after saving, showing what was saved.
  const stays = Boolean(fields) || !screen.backRoute;

  const paramsKey = JSON.stringify(params);
  useEffect(() => {
    let alive = true;
    setLoaded(null);
    setLoadError(null);
    const load = screen.api.load;
    // The validator chunk is fetched alongside, so the form does not wait for it afterwards.
    void loadValidators(screen.schema).catch(() => undefined);
    Promise.all([
      loadSchemaFile(screen.schema),
      screen.uiSchema ? loadSchemaFile(screen.uiSchema) : Promise.resolve(undefined),
      load ? request<Record<string, unknown>>(resolveCall(load, params).method, resolveCall(load, params).path) : Promise.resolve(undefined),
    ])
      .then(async (loadedParts) => {
        // A form whose titles live outside the start-up texts (`pages:` keys) shows once they are in.
        await loadNamespacesOf(loadedParts[0], loadedParts[1]);
        return loadedParts;
      })
      .then(
      ([schema, uiSchema, record]) => {
        if (!alive) return;
        const taken = record ? pickFormData(schema, record) : {};
        for (const field of screen.loadOmit ?? []) delete taken[field];
        const formData = { ...taken, ...prefilledData(schema, screen.prefill, params) };
        current.current = formData;
        setLoaded({ schema, uiSchema: uiSchema as UiSchema | undefined, formData });
      },
      (error: unknown) => {
        if (!alive) return;
        if (error instanceof ApiError && (error.code || error.status === 403 || error.status === 404)) {
          setLoadError({ code: error.code ?? (error.status === 403 ? 'FORBIDDEN' : 'NOT_FOUND'), message: error.message });
        } else if (error instanceof ApiError && error.handled) {
          setLoadError({ code: 'LOAD_FAILED' });
        } else {
          throwToBoundary(error);
        }
      },
    );
    return () => {
      alive = false;
    };
    // Params are compared by value (paramsKey), not by the object useParams returns on each render.
  }, [screen, paramsKey, throwToBoundary]);

  // npm run dev: an edited schema or ui hint replaces the shown one and the form keeps what was typed
  // (useSchemaRevision is always 0 in the build).
  const schemaRevision = useSchemaRevision();
  useEffect(() => {
    if (!import.meta.hot || !schemaRevision) return;
    let alive = true;
    Promise.all([loadSchemaFile(screen.schema), screen.uiSchema ? loadSchemaFile(screen.uiSchema) : Promise.resolve(undefined)]).then(
      ([schema, uiSchema]) => {
        if (alive) setLoaded((current) => current && { ...current, schema, uiSchema: uiSchema as UiSchema | undefined });
      },
      (error: unknown) => console.error('Live edit: the form schema was not reloaded', error),
    );
    return () => {
      alive = false;
    };
  }, [schemaRevision, screen.schema, screen.uiSchema]);

  const describe = (failure: Failure) => (failure.code === 'LOAD_FAILED' ? t('form:loadFailed') : errorMessage(t, failure.code, failure.message));
  const back = screen.backRoute;
  const goBack = () => (back ? navigate(back) : navigate(-1));

  const submit = async (data: Record<string, unknown>) => {
    if (busy) return;
    setBusy(true);
    setFormError(undefined);
    setServerErrors(undefined);
    try {
      const { method, path } = resolveCall(screen.api.submit, { ...params, ...data });
      const answer = await request<Record<string, unknown> | undefined>(method, path, { body: data });
      const shown = screen.successField && answer?.[screen.successField.field];
      setAnswerValue(typeof shown === 'string' ? shown : null);
      // A form that stays open goes on from what the server now holds.
      if (stays && loaded && answer && typeof answer === 'object') {
        current.current = { ...current.current, ...pickFormData(loaded.schema, answer) };
        setLoaded({ ...loaded, formData: current.current });
      }
      // Lists, records and accounts shown elsewhere may have changed (a top-up changes the balances).
      void queryClient.invalidateQueries({ predicate: (query) => ['list', 'record', 'accounts'].includes(String(query.queryKey[0])) });
      // What the session shows of its customer (colour, logo, time zone) follows a change of its settings at once.
      if (screen.refreshesSession) void queryClient.invalidateQueries({ queryKey: meQueryKey });
      setSaved(true);
    } catch (error) {
      if (error instanceof AuthorizationCancelledError || (error instanceof ApiError && error.handled)) return;
      if (error instanceof ApiError && error.validationErrors?.length) setServerErrors(error.validationErrors);
      else if (error instanceof ApiError && (error.code || error.status === 403)) setFormError({ code: error.code ?? 'FORBIDDEN', message: error.message });
      else throwToBoundary(error);
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="page form-page" aria-labelledby="page-title">
      <FormPageHeader title={title} back={back} />
      {loadError && <Alert>{describe(loadError)}</Alert>}
      {!loadError && !loaded && <FullPageLoader inPanel />}
      {loaded && stepField && (
        <Suspense fallback={<FullPageLoader inPanel />}>
          {picking ? (
            <div className="card form-card">
              <AccountStep
                legend={String(loaded.schema.properties?.[stepField]?.title ?? stepField)}
                value={current.current[stepField] as number | undefined}
                onNext={(account) => {
                  const formData = { ...current.current, [stepField]: account.id };
                  current.current = formData;
                  setLoaded({ ...loaded, formData });
                  setPicking(false);
                }}
              />
            </div>
          ) : (
            <AccountSummary
              legend={String(loaded.schema.properties?.[stepField]?.title ?? stepField)}
              accountId={current.current[stepField] as number}
              onChange={() => {
                setLoaded({ ...loaded, formData: current.current });
                setPicking(true);
              }}
            />
          )}
        </Suspense>
      )}
      {loaded && tab && (
        <FormTabs
          label={title}
          tabs={tabs}
          active={tab.number}
          panelId={TAB_PANEL}
          onChoose={(number) => {
            setServerErrors(undefined);
            setFormError(undefined);
            void setSearch((now) => {
              const next = new URLSearchParams(now);
              next.set('tab', String(number));
              return next;
            }, { replace: true });
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
            onSubmit={(data) => void submit(data)}
            serverErrors={serverErrors}
            formError={formError && describe(formError)}
            submitLabel={t('form:save')}
            busy={busy}
          >
            <Button variant="secondary" onClick={goBack}>
              {t('common.cancel')}
            </Button>
          </SchemaForm>
        </div>
      )}
      {saved && (
        <SuccessDialog message={t(screen.successMessage ?? 'form:saved')} onOk={stays ? () => setSaved(false) : goBack}>
          {answerValue !== null && screen.successField && <AnswerValue label={t(screen.successField.label)} value={answerValue} />}
        </SuccessDialog>
      )}
    </section>
  );
}
