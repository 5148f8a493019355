// A form generated from a JSON Schema and its ui hints, with the panel's widgets and look. Validation runs in the
// browser with the schema's precompiled validator (no eval: the CSP holds) and speaks the server's catalogue:
// `t('validation:' + code)`. Server errors show under their fields, `formError` at the top.
// In filter mode (the filter card of a list) nothing is required, booleans are any / yes / no, lists of values
// multi-selects and date ranges a from / to pair.
import Form, { type IChangeEvent } from '@rjsf/core';
import type { RJSFSchema, UiSchema } from '@rjsf/utils';
import { useEffect, useMemo, useState, type ReactNode } from 'react';
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
import { fieldsNotChosen } from './choices.ts';
import { loadValidators, type PrecompiledValidators } from '../../core/precompiledValidators.ts';
import type { PropertyErrors } from '../../../shared/validation/errors.ts';
import { templates } from './templates.tsx';
import { buildUiSchema, hiddenProperties } from './uiSchema.ts';
import { usePermissions } from './usePermissions.ts';
import { createFormValidator } from './validator.ts';
import { useEditedData } from './useEditedData.ts';
import { useShownServerErrors } from './useShownServerErrors.ts';
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
  /** Every field read-only, and no buttons: a record shown to someone who may not change it. */
  readOnly?: boolean;
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

function LoadedSchemaForm({ schema, uiSchema, formData, onSubmit, onChange, serverErrors, formError, submitLabel, busy = false, mode = 'form', readOnly = false, children, validators }: SchemaFormProps & { validators: PrecompiledValidators }) {
  const { i18n } = useTranslation();
  const permissions = usePermissions();

  // The data being edited, and the choices' alternatives shown.
  const [data, setData, choices, chosen, onChoose] = useEditedData(formData, uiSchema);

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
  const [extraErrors, noteEdits] = useShownServerErrors(serverErrors, schema, hidden, ui);

  const formContext = useMemo<FormContextValue>(() => ({ formData: data, mode, permissions, choices, chosen, onChoose }), [data, mode, permissions, choices, chosen, onChoose]);

  const handleChange = (event: IChangeEvent<Data>) => {
    const next = event.formData ?? {};
    noteEdits(data, next);
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
        readonly={readOnly}
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
        {readOnly ? (
          <></>
        ) : (
          <div className="form-actions">
            {children}
            <Button type="submit" loading={busy}>
              {submitLabel}
            </Button>
          </div>
        )}
      </Form>
    </div>
  );
}
