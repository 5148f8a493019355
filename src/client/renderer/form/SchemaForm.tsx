// A form generated from a JSON Schema and its ui hints, with the panel's widgets and look. Validation runs in the
// browser with the schema's precompiled validator (no eval: the CSP holds) and speaks the server's catalogue:
// `t('validation:' + code)`. Server errors show under their fields, `formError` at the top.
// In filter mode (the filter card of a list) nothing is required, booleans are any / yes / no, lists of values
// multi-selects and date ranges a from / to pair.
import Form, { type IChangeEvent } from '@rjsf/core';
import type { RJSFSchema, UiSchema } from '@rjsf/utils';
import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../ui/Alert.tsx';
import { Button } from '../../ui/Button.tsx';
import { splitLines } from '../../ui/FieldMessage.tsx';
import { Spinner } from '../../ui/Spinner.tsx';
import type { JsonSchema } from '../schemas.ts';
import type { FormContextValue, FormMode } from '../widgets/context.ts';
import { defaultWidgets } from '../widgets/registry.ts';
import { submittedData } from './formData.ts';
import { formFields } from './fields.ts';
import { choicesOf, fieldsNotChosen, initialChosen, switchChoice, type Chosen } from './choices.ts';
import { loadValidators, type PrecompiledValidators } from '../../core/precompiledValidators.ts';
import { serverErrorSchema, topProperty } from './serverErrors.ts';
import type { PropertyErrors } from '../../../shared/validation/errors.ts';
import { templates } from './templates.tsx';
import { buildUiSchema, hiddenProperties } from './uiSchema.ts';
import { usePermissions } from './usePermissions.ts';
import { createFormValidator } from './validator.ts';
import './form.css';

type Data = Record<string, unknown>;

export interface SchemaFormProps {
  /** Repository path of the schema ("schemas/filters/recipient.json"): names its precompiled validator. */
  schemaPath: string;
  schema: JsonSchema;
  uiSchema?: UiSchema;
  formData: Data | undefined;
  onSubmit: (data: Data) => void;
  onChange?: (data: Data) => void;
  serverErrors?: PropertyErrors[];
  formError?: string;
  submitLabel: string;
  busy?: boolean;
  mode?: FormMode;
  /** Extra buttons placed before the submit button. */
  children?: ReactNode;
}

export default function SchemaForm(props: SchemaFormProps) {
  const { t } = useTranslation();
  const [loaded, setLoaded] = useState<{ path: string; validators: PrecompiledValidators } | null>(null);
  const [failure, setFailure] = useState<unknown>(null);

  useEffect(() => {
    let alive = true;
    loadValidators(props.schemaPath).then(
      (validators) => alive && setLoaded({ path: props.schemaPath, validators }),
      (error: unknown) => alive && setFailure(error ?? new Error('validator failed to load')),
    );
    return () => {
      alive = false;
    };
  }, [props.schemaPath]);

  // The error boundary shows its fallback (and a failed chunk reloads the page once there).
  if (failure) throw failure;
  if (!loaded || loaded.path !== props.schemaPath) {
    return (
      <div className="form-loading" role="status">
        <Spinner />
        <span className="visually-hidden">{t('common.loading')}</span>
      </div>
    );
  }
  return <LoadedSchemaForm {...props} validators={loaded.validators} />;
}

function LoadedSchemaForm({ schema, uiSchema, formData, onSubmit, onChange, serverErrors, formError, submitLabel, busy = false, mode = 'form', children, validators }: SchemaFormProps & { validators: PrecompiledValidators }) {
  const { i18n } = useTranslation();
  const permissions = usePermissions();

  // The data being edited; replaced when the caller hands in different data (a loaded record, cleared filters).
  const initialKey = JSON.stringify(formData ?? {});
  const [data, setData] = useState<Data>(() => JSON.parse(initialKey) as Data);
  // Compared by content: an edited ui hints file (npm run dev) must not reset what was typed.
  const choicesKey = JSON.stringify(choicesOf(uiSchema));
  const choices = useMemo(() => JSON.parse(choicesKey) as ReturnType<typeof choicesOf>, [choicesKey]);
  const [chosen, setChosen] = useState<Chosen>(() => initialChosen(choices, data));
  const aside = useRef<Data>({});
  const current = useRef(data);
  current.current = data;
  // The data the state above was made from. A reset on mount would run after the first render and could undo a choice
  // made in between; the state is reset only when different data comes in.
  const madeFrom = useRef(initialKey);
  useEffect(() => {
    if (madeFrom.current === initialKey) return;
    madeFrom.current = initialKey;
    const next = JSON.parse(initialKey) as Data;
    setData(next);
    setChosen(initialChosen(choices, next));
    aside.current = {};
    // A new record resets the form; new choices (below) keep what was typed.
  }, [initialKey]);
  const firstChoices = useRef(true);
  useEffect(() => {
    if (firstChoices.current) {
      firstChoices.current = false;
      return;
    }
    setChosen(initialChosen(choices, current.current));
  }, [choices]);
  const onChoose = useCallback(
    (id: string, index: number) => {
      const choice = choices.find((c) => c.id === id);
      if (!choice) return;
      setData((current) => {
        const moved = switchChoice(choice, index, current, aside.current);
        aside.current = moved.aside;
        return moved.data;
      });
      setChosen((current) => ({ ...current, [id]: index }));
    },
    [choices],
  );

  // Once a submit has failed, fields are checked again as they change.
  const [submitted, setSubmitted] = useState(false);
  const validator = useMemo(() => createFormValidator(validators, schema as RJSFSchema, { ignoreRequired: mode === 'filter' }), [validators, schema, mode]);

  const notChosen = fieldsNotChosen(choices, chosen);
  const hidden = [...hiddenProperties({ schema, uiSchema, formData: data, permissions }), ...notChosen];
  const hiddenKey = hidden.join(',');
  const ui = useMemo(
    () => buildUiSchema({ schema, uiSchema, mode, formData: data, permissions, hasKey: (key) => i18n.exists(key), alsoHidden: notChosen }),
    // Rebuilt when what it depends on changes, not on every keystroke.
    [schema, uiSchema, mode, permissions, hiddenKey, i18n],
  );

  // A server error stays until its field is edited.
  const [edited, setEdited] = useState<ReadonlySet<string>>(new Set());
  useEffect(() => setEdited(new Set()), [serverErrors]);
  const extraErrors = useMemo(() => {
    const visible = new Set(Object.keys(schema.properties ?? {}).filter((name) => !hidden.includes(name) && ui[name]?.['ui:widget'] !== 'hidden'));
    const pending = (serverErrors ?? []).filter((entry) => !edited.has(topProperty(entry.property)));
    return pending.length ? serverErrorSchema(pending, visible) : undefined;
  }, [serverErrors, edited, hiddenKey, schema, ui]);

  const formContext = useMemo<FormContextValue>(() => ({ formData: data, mode, permissions, choices, chosen, onChoose }), [data, mode, permissions, choices, chosen, onChoose]);

  const handleChange = (event: IChangeEvent<Data>) => {
    const next = event.formData ?? {};
    const changed = Object.keys({ ...data, ...next }).filter((name) => JSON.stringify(data[name]) !== JSON.stringify(next[name]));
    if (changed.length && serverErrors?.length) setEdited((previous) => new Set([...previous, ...changed]));
    setData(next);
    onChange?.(next);
  };

  return (
    <div className={`schema-form schema-form-${mode}`}>
      {formError && (
        <Alert>
          {splitLines(formError).map((line, index) => (
            <div key={index}>{line}</div>
          ))}
        </Alert>
      )}
      <Form<Data>
        className="form"
        idPrefix={mode === 'filter' ? 'filter' : 'root'}
        schema={schema as RJSFSchema}
        uiSchema={ui}
        formData={data}
        validator={validator}
        widgets={defaultWidgets}
        fields={formFields}
        templates={templates}
        formContext={formContext}
        extraErrors={extraErrors}
        liveValidate={submitted ? 'onChange' : false}
        showErrorList={false}
        noHtml5Validate
        focusOnFirstError
        experimental_componentUpdateStrategy="always"
        onChange={handleChange}
        onError={() => setSubmitted(true)}
        onSubmit={(event) => onSubmit(submittedData(event.formData ?? {}, hidden, mode))}
      >
        <div className="form-actions">
          {children}
          <Button type="submit" loading={busy}>
            {submitLabel}
          </Button>
        </div>
      </Form>
    </div>
  );
}
